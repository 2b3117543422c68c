import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isCredentialAttachment, readPdfAttachment } from '@laurel/certificate/node';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, certificateSets, issuedCertificateFiles, recipients, styles } from '../src/db/schema.ts';
import { sha256 } from '../src/modules/delivery/issued-files.ts';
import { ensurePrintBackgrounds } from '../src/seed/index.ts';
import { ApiClient, type registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { jpegSize } from './helpers/jpeg-size.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/**
 * What a recipient's message carries and shows: the certificate image linked to its page, the set's files, the PDF
 * when the issuer turns it on (an email-weight copy; the download stays the print file), the logo, the subject.
 */
const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start() });
  ({ admin, accountId } = await issuerWithCertificate(laurel, { credits: 20, name: 'Unused' }));
  await laurel.context.db.update(accounts).set({ allowed_sets: 20 }).where(eq(accounts.id, accountId));
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const PROGRAMME = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function setWithFile(name: string, email: Record<string, unknown> = {}) {
  const set = await admin.client.post('/api/certificates', { name, elements: [NAME_ELEMENT], ...email });
  expect(set.statusCode).toBe(200);
  const id = set.json().id as number;
  const upload = await admin.client.upload(`/api/certificates/${id}/uploads`, [
    { name: 'file', value: PROGRAMME, filename: 'Programme.pdf' },
  ]);
  expect(upload.statusCode).toBe(200);
  return { id, uploadId: upload.json().id as number, fileKey: String(upload.json().url).split('/').pop()! };
}

/** The email save call the editor makes (PUT /api/certificates/:id), turning the PDF attachment on or off. */
async function switchPdf(setId: number, on: boolean) {
  const saved = await admin.client.call('PUT', `/api/certificates/${setId}`, { attach_pdf: on });
  expect(saved.statusCode).toBe(200);
  expect((await admin.client.get(`/api/certificates/${setId}`)).json().attach_pdf).toBe(on);
}

async function recipientOf(projectId: number) {
  const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
  return row!;
}

async function send(setId: number, title: string, email: string) {
  const project = await admin.client.post('/api/projects', {
    title,
    certificate_id: setId,
    recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Ångström', 'Email Address': email }],
  });
  expect(project.statusCode).toBe(200);
  const sent = await admin.client.post(`/api/projects/${project.json().id}/send-emails`, { sender_name: 'Registrar' });
  expect(sent.json()).toMatchObject({ queued: 1 });
  return project.json().id as number;
}

const toAddress = (m: ParsedMail) => JSON.stringify(m.to);
const attachmentsOf = (m: ParsedMail) => m.attachments.map((a) => ({ name: a.filename, type: a.contentType }));

describe('the message a recipient receives', () => {
  it('by default carries the set’s file and no PDF; nothing is drawn for the recipient until the certificate is downloaded', async () => {
    const set = await setWithFile('Cooperage');
    expect((await admin.client.get(`/api/certificates/${set.id}`)).json().attach_pdf).toBe(false);
    const projectId = await send(set.id, 'Cooperage 1', 'zoe.cooperage@example.com');
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.cooperage@example.com'), 60_000);
    expect(attachmentsOf(message)).toEqual([{ name: 'Programme.pdf', type: 'application/pdf' }]);
    const token = /http:\/\/laurel\.test\/c\/([A-Za-z0-9_-]{32})/.exec(message.text ?? '')![1]!;
    expect(String(message.html)).toContain(`<img src="http://laurel.test/api/c/${token}/image.jpg?width=1072" width="536"`);

    await expect.poll(async () => (await recipientOf(projectId)).state, { timeout: 10_000 }).toBe('sent');
    const recipient = await recipientOf(projectId);
    // Signed at send time all the same, but no PDF drawn, stored or recorded.
    expect((await laurel.app.inject({ method: 'GET', url: `/api/c/${token}/credential` })).statusCode).toBe(200);
    expect(await laurel.context.files.get(`cert-${token}.pdf`)).toBeNull();
    expect(await laurel.context.files.get(`cert-${token}-email.pdf`)).toBeNull();
    const recorded = () =>
      laurel.context.db.select().from(issuedCertificateFiles).where(eq(issuedCertificateFiles.recipient_id, recipient.id));
    expect(await recorded()).toEqual([]);

    // The first download draws it, keeps it and records it as handed out; the next one is the same file.
    const download = await laurel.app.inject({ method: 'GET', url: `/api/c/${token}/pdf` });
    expect(download.statusCode).toBe(200);
    expect(execFileSync('pdftotext', ['-q', '-', '-'], { input: download.rawPayload }).toString()).toContain('Zoë Ångström');
    expect((await laurel.context.files.get(`cert-${token}.pdf`))!.equals(download.rawPayload)).toBe(true);
    expect((await recorded()).map((row) => ({ kind: row.kind, sha256: row.sha256 }))).toEqual([
      { kind: 'pdf', sha256: sha256(download.rawPayload) },
    ]);
    expect((await laurel.app.inject({ method: 'GET', url: `/api/c/${token}/pdf` })).rawPayload.equals(download.rawPayload)).toBe(true);
  });

  it('carries the certificate PDF once the email save turns it on, the set’s file, and shows the certificate image linked to its page', async () => {
    const set = await setWithFile('Carpentry');
    await switchPdf(set.id, true);
    await send(set.id, 'Carpentry 1', 'zoe.carpentry@example.com');
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.carpentry@example.com'), 60_000);
    expect(attachmentsOf(message)).toEqual([
      { name: 'Zoë Ångström - Carpentry.pdf', type: 'application/pdf' },
      { name: 'Programme.pdf', type: 'application/pdf' },
    ]);
    const certificate = message.attachments[0]!.content;
    expect(execFileSync('pdftotext', ['-q', '-', '-'], { input: certificate }).toString()).toContain('Zoë Ångström');
    expect(message.attachments[1]!.content.equals(PROGRAMME)).toBe(true);

    const token = /http:\/\/laurel\.test\/c\/([A-Za-z0-9_-]{32})/.exec(message.text ?? '')![1]!;
    const img = /<a href="([^"]+)"[^>]*><img src="([^"]+)" width="536" alt="([^"]+)"/.exec(String(message.html))!;
    expect(img[1]).toBe(`http://laurel.test/c/${token}`);
    expect(img[2]).toBe(`http://laurel.test/api/c/${token}/image.jpg?width=1072`);
    expect(img[3]).toBe('Carpentry awarded to Zoë Ångström');
    // The sink has the message a moment before the delivery records it as sent, which makes the link public.
    const fetchImage = (pathname: string) => laurel.app.inject({ method: 'GET', url: pathname, query: { width: '1072' } });
    await expect.poll(async () => (await fetchImage(new URL(img[2]!).pathname)).statusCode).toBe(200);
    const image = await fetchImage(new URL(img[2]!).pathname);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(jpegSize(image.rawPayload).width).toBe(1072);
    // Emails sent before the JPEG name image.png: it still answers, with the PNG at the same size.
    const older = await fetchImage(`/api/c/${token}/image.png`);
    expect(older.statusCode).toBe(200);
    expect(older.headers['content-type']).toBe('image/png');
    expect(older.rawPayload.readUInt32BE(16)).toBe(1072);
  });

  it('leaves the PDF out when the email says so', async () => {
    const set = await setWithFile('Pottery', { attach_pdf: true });
    await switchPdf(set.id, false);
    await send(set.id, 'Pottery 1', 'zoe.pottery@example.com');
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.pottery@example.com'), 60_000);
    expect(attachmentsOf(message)).toEqual([{ name: 'Programme.pdf', type: 'application/pdf' }]);
  });

  it('shows the issuer’s logo and the recipient portal link only on a plan that has them', async () => {
    const set = await setWithFile('Weaving');
    await laurel.context.db.update(accounts).set({ imagepath: '/api/files/issuer-logo.png' }).where(eq(accounts.id, accountId));
    await send(set.id, 'Weaving 1', 'zoe.free@example.com');
    const free = await sink.waitFor((m) => toAddress(m).includes('zoe.free@example.com'), 60_000);
    expect(String(free.html)).not.toContain('issuer-logo.png');
    expect(String(free.html)).not.toContain('.laurel.test/portal');

    await laurel.context.db.update(accounts).set({ stripe_active: true, stripe_plan: 'basic-monthly-3' }).where(eq(accounts.id, accountId));
    await send(set.id, 'Weaving 2', 'zoe.basic@example.com');
    const basic = await sink.waitFor((m) => toAddress(m).includes('zoe.basic@example.com'), 60_000);
    expect(String(basic.html)).toContain('<img src="http://laurel.test/api/files/issuer-logo.png"');
    expect(String(basic.html)).toMatch(/href="http:\/\/[\w-]+\.laurel\.test\/portal"/);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: false, stripe_plan: null, imagepath: null })
      .where(eq(accounts.id, accountId));
  });

  it('has a subject that follows a renamed certificate, unless the subject was rewritten', async () => {
    const named = await admin.client.post('/api/certificates', {
      name: 'Knife Safety',
      elements: [NAME_ELEMENT],
      email_subject: 'Your Knife Safety certificate from [ACCOUNT_NAME]',
    });
    const merged = await admin.client.post('/api/certificates', {
      name: 'Rope Work',
      elements: [NAME_ELEMENT],
      email_subject: 'Your [CERTIFICATE_TITLE] certificate',
    });
    const rewritten = await admin.client.post('/api/certificates', {
      name: 'Fire Drill',
      elements: [NAME_ELEMENT],
      email_subject: 'Good news from the station',
    });
    await admin.client.call('PUT', `/api/certificates/${named.json().id}`, { name: 'Blade Handling' });
    await admin.client.call('PUT', `/api/certificates/${merged.json().id}`, { name: 'Knots and Hitches' });
    await admin.client.call('PUT', `/api/certificates/${rewritten.json().id}`, { name: 'Evacuation' });
    await send(named.json().id, 'Blade 1', 'zoe.blade@example.com');
    await send(merged.json().id, 'Knots 1', 'zoe.knots@example.com');
    await send(rewritten.json().id, 'Evacuation 1', 'zoe.evacuation@example.com');
    const subjectTo = async (address: string) => (await sink.waitFor((m) => toAddress(m).includes(address), 60_000)).subject;
    expect(await subjectTo('zoe.blade@example.com')).toMatch(/^Your Blade Handling certificate from /);
    expect(await subjectTo('zoe.knots@example.com')).toBe('Your Knots and Hitches certificate');
    expect(await subjectTo('zoe.evacuation@example.com')).toBe('Good news from the station');
  });

  it('still carries a file removed from the set, and the same PDF, when a delivery is retried after that', async () => {
    const set = await setWithFile('Masonry', { attach_pdf: true });
    sink.rejectWith = 451;
    const projectId = await send(set.id, 'Masonry 1', 'zoe.masonry@example.com');
    // The first attempt is deferred by the receiving server and waits for its retry.
    const deferred = async () => {
      const [row] = await laurel.context.db
        .select()
        .from(recipients)
        .where(and(eq(recipients.project_id, projectId)));
      return row!.sent_details.some((e) => e.event === 'deferred');
    };
    for (let i = 0; i < 300 && !(await deferred()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await deferred()).toBe(true);

    expect((await admin.client.delete(`/api/certificates/${set.id}/uploads/${set.uploadId}`)).statusCode).toBe(200);
    // No longer served as the set's file, but its bytes stay while the project's snapshot names them.
    expect((await laurel.app.inject({ method: 'GET', url: `/api/files/${set.fileKey}` })).statusCode).toBe(404);
    expect(await laurel.context.files.get(set.fileKey)).not.toBeNull();

    // The PDF drawn for the first attempt is kept, so the retry carries the very same file.
    const token = (await recipientOf(projectId)).token;
    const drawn = await laurel.context.files.get(`cert-${token}-email.pdf`);
    expect(drawn).not.toBeNull();

    sink.rejectWith = null;
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.masonry@example.com'), 60_000);
    expect(attachmentsOf(message).map((a) => a.name)).toEqual(['Zoë Ångström - Masonry.pdf', 'Programme.pdf']);
    expect(message.attachments[0]!.content.equals(drawn!)).toBe(true);
    expect(message.attachments[1]!.content.equals(PROGRAMME)).toBe(true);
  }, 90_000);
});

/** pdfimages' list: each embedded image's pixel size and its resolution on the page. */
function embeddedImages(pdf: Buffer) {
  const file = path.join(tmpdir(), `laurel-print-${process.pid}-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const rows = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').slice(2);
  return rows.map((row) => {
    const cols = row.trim().split(/\s+/);
    return { type: cols[2], width: Number(cols[3]), height: Number(cols[4]), xppi: Number(cols[12]), yppi: Number(cols[13]) };
  });
}

describe('print resolution', () => {
  it('the download embeds a seeded background at 300 ppi or more on Letter landscape; the emailed PDF keeps the light image, with the same credential', async () => {
    await ensurePrintBackgrounds(laurel.context, ['classic-guilloche']);
    const background = { type: 'background', content: '/api/files/seed-bg-classic-guilloche-v1.jpg', styles: {} };
    const set = await admin.client.post('/api/certificates', { name: 'Joinery', elements: [background, NAME_ELEMENT] });
    expect(set.statusCode).toBe(200);
    await switchPdf(set.json().id, true);
    const projectId = await send(set.json().id, 'Joinery 1', 'zoe.joinery@example.com');
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.joinery@example.com'), 60_000);
    const emailed = message.attachments[0]!.content;
    await expect.poll(async () => (await recipientOf(projectId)).state, { timeout: 10_000 }).toBe('sent');
    const { token } = await recipientOf(projectId);

    // The message carries the screen-resolution copy: the 1280 px image the builder and previews use.
    const [light] = embeddedImages(emailed);
    expect(light).toMatchObject({ type: 'image', width: 1280 });
    expect(emailed.length).toBeLessThan(250_000);

    // The certificate page's download is the print file.
    const download = await laurel.app.inject({ method: 'GET', url: `/api/c/${token}/pdf` });
    expect(download.statusCode).toBe(200);
    const [image] = embeddedImages(download.rawPayload);
    expect(image).toMatchObject({ type: 'image' });
    expect(image!.width).toBeGreaterThanOrEqual(3300);
    expect(Math.min(image!.xppi, image!.yppi)).toBeGreaterThanOrEqual(300);

    // Both carry the same credential, and the verify page calls each the certificate as issued.
    const credential = async (pdf: Buffer) => (await readPdfAttachment(pdf, isCredentialAttachment))!.content.toString('utf8');
    expect(await credential(emailed)).toBe(await credential(download.rawPayload));
    for (const [bytes, name] of [
      [emailed, 'emailed.pdf'],
      [download.rawPayload, 'downloaded.pdf'],
    ] as const) {
      const verified = await admin.client.upload('/api/verify/credential', [{ name: 'file', value: bytes, filename: name }]);
      expect(verified.json(), name).toMatchObject({ status: 'valid', recipient_name: 'Zoë Ångström', document: 'as_issued' });
    }

    // The builder, previews and thumbnails keep the 1280 px image.
    const stored = await laurel.context.files.get('seed-bg-classic-guilloche-v1.jpg');
    expect(stored!.readUInt16BE(stored!.indexOf(Buffer.from([0xff, 0xc0])) + 7)).toBe(1280);
  }, 60_000);
});

describe('the attachment switch of emails saved before it was off by default', () => {
  it('is kept as saved; a design saved without it takes the default, and a set made from a template starts without the PDF', async () => {
    // Saved under the old default: the switch is stored, on, as the editor showed it.
    const saved = await setWithFile('Glazing', { attach_pdf: true });
    // Saved before sends attached anything: no switch stored at all.
    const older = await setWithFile('Gilding');
    const [row] = await laurel.context.db.select().from(certificateSets).where(eq(certificateSets.id, older.id));
    const { attach_pdf: _dropped, ...withoutSwitch } = row!.email;
    await laurel.context.db.update(certificateSets).set({ email: withoutSwitch }).where(eq(certificateSets.id, older.id));
    expect((await admin.client.get(`/api/certificates/${older.id}`)).json().attach_pdf).toBeUndefined();
    // A global template stored, as every template saved under the old default, with the switch on.
    const root = new ApiClient(laurel);
    await root.login('root@laurel.test', 'correct horse battery staple');
    const made = await root.post('/api/styles', { name: 'Enamel template', elements: [NAME_ELEMENT] });
    expect(made.statusCode).toBe(200);
    const [template] = await laurel.context.db.select().from(styles).where(eq(styles.id, made.json().id));
    await laurel.context.db
      .update(styles)
      .set({ email: { ...template!.email, attach_pdf: true } })
      .where(eq(styles.id, template!.id));
    const fromTemplate = await admin.client.post('/api/certificates', { name: 'Enamel', style_id: template!.id });
    expect(fromTemplate.statusCode).toBe(200);
    expect(fromTemplate.json().attach_pdf).toBe(false);

    await send(saved.id, 'Glazing 1', 'zoe.glazing@example.com');
    await send(older.id, 'Gilding 1', 'zoe.gilding@example.com');
    await send(fromTemplate.json().id, 'Enamel 1', 'zoe.enamel@example.com');
    const attachedTo = async (address: string) =>
      attachmentsOf(await sink.waitFor((m) => toAddress(m).includes(address), 60_000)).map((a) => a.name);
    expect(await attachedTo('zoe.glazing@example.com')).toEqual(['Zoë Ångström - Glazing.pdf', 'Programme.pdf']);
    expect(await attachedTo('zoe.gilding@example.com')).toEqual(['Programme.pdf']);
    expect(await attachedTo('zoe.enamel@example.com')).toEqual([]);
  }, 90_000);
});

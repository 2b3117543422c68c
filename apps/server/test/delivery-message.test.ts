import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients } from '../src/db/schema.ts';
import { ensurePrintBackgrounds } from '../src/seed/index.ts';
import type { registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/** What a recipient's message carries and shows: PDF and the set's files, the certificate image, the logo, the subject. */
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
  it('carries the certificate PDF and the set’s file, and shows the certificate image linked to its page', async () => {
    const set = await setWithFile('Carpentry');
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
    expect(img[2]).toBe(`http://laurel.test/api/c/${token}/image.png?width=1072`);
    expect(img[3]).toBe('Carpentry awarded to Zoë Ångström');
    // The sink has the message a moment before the delivery records it as sent, which makes the link public.
    const fetchImage = () => laurel.app.inject({ method: 'GET', url: new URL(img[2]!).pathname, query: { width: '1072' } });
    await expect.poll(async () => (await fetchImage()).statusCode).toBe(200);
    const image = await fetchImage();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.readUInt32BE(16)).toBe(1072);
  });

  it('leaves the PDF out when the email says so', async () => {
    const set = await setWithFile('Pottery', { attach_pdf: false });
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

  it('still carries a file removed from the set when a delivery is retried after that', async () => {
    const set = await setWithFile('Masonry');
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

    sink.rejectWith = null;
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.masonry@example.com'), 60_000);
    expect(attachmentsOf(message).map((a) => a.name)).toEqual(['Zoë Ångström - Masonry.pdf', 'Programme.pdf']);
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
  it('embeds a seeded background at 300 ppi or more on Letter landscape; the light image stays for screens', async () => {
    await ensurePrintBackgrounds(laurel.context, ['classic-guilloche']);
    const background = { type: 'background', content: '/api/files/seed-bg-classic-guilloche-v1.jpg', styles: {} };
    const set = await admin.client.post('/api/certificates', { name: 'Joinery', elements: [background, NAME_ELEMENT] });
    expect(set.statusCode).toBe(200);
    await send(set.json().id, 'Joinery 1', 'zoe.joinery@example.com');
    const message = await sink.waitFor((m) => toAddress(m).includes('zoe.joinery@example.com'), 60_000);
    const [image] = embeddedImages(message.attachments[0]!.content);
    expect(image).toMatchObject({ type: 'image' });
    expect(image!.width).toBeGreaterThanOrEqual(3300);
    expect(Math.min(image!.xppi, image!.yppi)).toBeGreaterThanOrEqual(300);

    // The builder, previews and thumbnails keep the 1280 px image.
    const light = await laurel.context.files.get('seed-bg-classic-guilloche-v1.jpg');
    expect(light!.readUInt16BE(light!.indexOf(Buffer.from([0xff, 0xc0])) + 7)).toBe(1280);
  }, 60_000);
});

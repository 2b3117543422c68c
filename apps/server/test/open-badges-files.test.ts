import { isCredentialAttachment, readBakedPng, readPdfAttachment } from '@laurel/certificate/node';
import { OPEN_BADGES_MESSAGES } from '@laurel/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBadgeCredentials, recipients } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Credential, independentVerifier } from './helpers/open-badges-verifier.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';
import { backgroundPng } from './helpers/uploads.ts';

/**
 * A sent certificate carries its Open Badges credential in the files people keep: the emailed PDF (when the email
 * attaches it), the PDF the page downloads and the PNG image; the verify page takes any of them, or the JSON, and
 * says what it found. Sent through the queue to a real SMTP sink; credentials checked by an independent verifier.
 */

const sink = new SmtpSink();
let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let people: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);
const verifier = () => independentVerifier(laurel);

const PEOPLE = [
  { first: 'Zoë', last: 'Ångström', email: 'zoe.files@example.com' },
  { first: 'Kofi', last: 'Mensah', email: 'kofi.files@example.com' },
  { first: 'Ines', last: 'Ferreira', email: 'ines.files@example.com' },
];

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  // The email attaches the PDF (off by default), so that the emailed copy can be checked too.
  expect((await owner.admin.client.call('PUT', `/api/certificates/${owner.setId}`, { attach_pdf: true })).statusCode).toBe(200);
  const project = await saveProject(owner.admin.client, owner.setId, 'Spring pilots', PEOPLE);
  await sendAndSettle(owner.admin.client, project);
  people = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(asc(recipients.id));
}, 120_000);
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const messageTo = (email: string) => sink.waitFor((m: ParsedMail) => JSON.stringify(m.to).includes(email), 60_000);
async function emailedPdf(email: string): Promise<Buffer> {
  const message = await messageTo(email);
  const pdf = message.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf, 'the message carries the certificate PDF').toBeDefined();
  return pdf!.content;
}
async function pdfCredentialText(pdf: Buffer): Promise<string> {
  const file = await readPdfAttachment(pdf, isCredentialAttachment);
  expect(file, 'the PDF carries a credential').not.toBeNull();
  return file!.content.toString('utf8');
}
async function pngOf(token: string): Promise<Buffer> {
  const response = await visitor().get(`/api/c/${token}/image.png?width=400`);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
const verifyFile = (bytes: Buffer, filename: string) =>
  visitor().upload('/api/verify/credential', [{ name: 'file', value: bytes, filename }]);

describe('a sent certificate carries its credential', () => {
  it('is signed as it is sent, each with a position of its own in the status list, and kept: the same one every time', async () => {
    const rows = await laurel.context.db
      .select()
      .from(openBadgeCredentials)
      .where(
        inArray(
          openBadgeCredentials.recipient_id,
          people.map((p) => p.id),
        ),
      );
    expect(rows).toHaveLength(PEOPLE.length);
    expect(new Set(rows.map((r) => r.status_index)).size).toBe(PEOPLE.length);

    const person = people[2]!;
    const before = (await visitor().get(`/api/c/${person.token}/credential`)).body;
    expect(JSON.parse(before).credentialStatus.statusListIndex).toBe(String(rows.find((r) => r.recipient_id === person.id)!.status_index));
    // A certificate sent before credentials existed: two first requests race to sign it, one credential is kept.
    await laurel.context.db.delete(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, person.id));
    const [a, b] = await Promise.all([
      visitor().get(`/api/c/${person.token}/credential`),
      visitor().get(`/api/c/${person.token}/credential`),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.body).not.toBe(before);
    expect((await verifier().independentlyVerify(JSON.parse(a.body))).verified).toBe(true);
    expect((await visitor().get(`/api/c/${person.token}/credential`)).body).toBe(a.body);
  });

  it('in the emailed PDF and the PDF the page downloads, verified independently, the same credential as the JSON download', async () => {
    const person = people[0]!;
    const pdf = await emailedPdf(person.email);
    const text = await pdfCredentialText(pdf);
    const credential: Credential = JSON.parse(text);
    const { verified, revoked, result } = await verifier().independentlyVerify(credential);
    expect(verified, JSON.stringify(result.error ?? result.results)).toBe(true);
    expect(revoked).toBe(false);
    expect(credential.credentialSubject.name).toBe('Zoë Ångström');

    const download = await visitor().get(`/api/c/${person.token}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(await pdfCredentialText(download.rawPayload)).toBe(text);
    // Each is a file Laurel handed out.
    for (const [bytes, name] of [
      [pdf, 'emailed.pdf'],
      [download.rawPayload, 'downloaded.pdf'],
    ] as const) {
      expect((await verifyFile(bytes, name)).json(), name).toMatchObject({ status: 'valid', document: 'as_issued' });
    }
    const json = await visitor().get(`/api/c/${person.token}/credential`);
    expect(JSON.parse(json.body)).toEqual(credential);
    expect(JSON.stringify(JSON.parse(json.body))).toBe(text);
  });

  it('baked into the PNG image, the same bytes as in the PDF', async () => {
    const person = people[0]!;
    const fromPdf = await pdfCredentialText(await emailedPdf(person.email));
    expect(readBakedPng(await pngOf(person.token))).toBe(fromPdf);
  });

  it('is offered on the certificate page as a JSON download, except once revoked', async () => {
    const person = people[1]!;
    const page = await visitor().get(`/c/${person.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/api/c/${person.token}/credential" download`);
    expect(page.body).toContain('Download verifiable credential (JSON)');
  });
});

describe('the verify page takes a file', () => {
  it('says valid for the PDF, the PNG and the JSON, with who issued it, to whom and for what', async () => {
    const person = people[0]!;
    const json = Buffer.from((await visitor().get(`/api/c/${person.token}/credential`)).body);
    const files: [Buffer, string][] = [
      [await emailedPdf(person.email), 'certificate.pdf'],
      [await pngOf(person.token), 'certificate.png'],
      [json, 'certificate.credential.json'],
    ];
    for (const [bytes, name] of files) {
      const response = await verifyFile(bytes, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'valid',
        issuer: { name: 'Harbour School' },
        recipient_name: 'Zoë Ångström',
        achievement_name: 'Seamanship',
        valid_until: '2030-12-31T23:59:59Z',
        problems: [],
      });
      expect(response.json().valid_from).toMatch(/^\d{4}-/);
    }
  });

  it('says tampered for a credential whose name was changed by one character', async () => {
    const person = people[0]!;
    const credential = JSON.parse((await visitor().get(`/api/c/${person.token}/credential`)).body);
    credential.credentialSubject.name = 'Zoë Ångströn';
    const response = await verifyFile(Buffer.from(JSON.stringify(credential)), 'forged.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'tampered', recipient_name: 'Zoë Ångströn' });
  });

  it('says revoked for the PDF once the issuer revokes the certificate', async () => {
    const person = people[1]!;
    const pdf = await emailedPdf(person.email);
    expect((await verifyFile(pdf, 'kofi.pdf')).json().status).toBe('valid');
    const revoke = await owner.admin.client.post(`/api/recipients/${person.id}/revoke`, { reason: 'Issued in error' });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await verifyFile(pdf, 'kofi.pdf')).json()).toMatchObject({ status: 'revoked', recipient_name: 'Kofi Mensah' });

    // The page no longer offers a revoked certificate's files.
    const page = await visitor().get(`/c/${person.token}`);
    expect(page.body).not.toContain('Download verifiable credential');
  });

  it('refuses clearly a file that carries no credential, one it cannot read, and a missing file', async () => {
    const plainPng = await backgroundPng(40, 30);
    const plainPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    for (const [bytes, name] of [
      [plainPng, 'photo.png'],
      [plainPdf, 'letter.pdf'],
    ] as const) {
      const response = await verifyFile(bytes, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toMatchObject({ message: OPEN_BADGES_MESSAGES.noCredential, error_type: 'no_credential' });
    }
    const text = await verifyFile(Buffer.from('Dear Zoë, congratulations.'), 'letter.txt');
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe(OPEN_BADGES_MESSAGES.unreadable);
    // JSON that is not a credential is read, and said not to be one.
    const notCredential = await verifyFile(Buffer.from('{"hello": "world"}'), 'other.json');
    expect(notCredential.json()).toMatchObject({ status: 'malformed' });

    const empty = await visitor().upload('/api/verify/credential', [{ name: 'note', value: 'no file' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(OPEN_BADGES_MESSAGES.chooseFile);
  });

  it('refuses a file over 10 MB', async () => {
    const response = await verifyFile(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 'huge.json');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(OPEN_BADGES_MESSAGES.fileTooLarge);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bakePng, isCredentialAttachment, readBakedPng, readPdfAttachment } from '@laurel/certificate/node';
import { OPEN_BADGES_MESSAGES } from '@laurel/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedCertificateFiles, recipients } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The verify page says a PDF or PNG is the certificate as issued only when it is exactly a file Laurel handed out.
 * A genuine credential moved into another document (as `qpdf --add-attachment` does to a PDF, or a chunk swapped
 * into a PNG) is reported for what it is: the credential is genuine, the document around it is not one issued,
 * with the issued image to compare.
 */

let laurel: TestLaurel;
let zoe: typeof recipients.$inferSelect;
let kofi: typeof recipients.$inferSelect;
const visitor = () => new ApiClient(laurel);
const workDir = mkdtempSync(path.join(tmpdir(), 'laurel-verify-'));

const verifyFile = async (bytes: Buffer, filename: string) => {
  const response = await visitor().upload('/api/verify/credential', [{ name: 'file', value: bytes, filename }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
async function download(url: string): Promise<Buffer> {
  const response = await visitor().get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}
/** Runs qpdf on `input` with these arguments between the input and the output file, and reads the output. */
function qpdf(input: Buffer, args: string[]): Buffer {
  const from = path.join(workDir, `in-${Math.random().toString(36).slice(2)}.pdf`);
  const to = path.join(workDir, `out-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(from, input);
  execFileSync('qpdf', [from, ...args, to]);
  return readFileSync(to);
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  const owner = await storeAccount(laurel, { name: 'Harbour School' });
  const project = await saveProject(owner.admin.client, owner.setId, 'Spring pilots', [
    { first: 'Zoë', last: 'Ångström', email: 'zoe@example.com' },
    { first: 'Kofi', last: 'Mensah', email: 'kofi@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  const sent = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(asc(recipients.id));
  [zoe, kofi] = [sent[0]!, sent[1]!];
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

describe('a PDF whose credential was swapped for another recipient’s genuine one', () => {
  it('is not called genuine: the credential is named as genuine, the document as not issued, with the issued image', async () => {
    const zoePdf = await download(`/api/c/${zoe.token}/pdf`);
    const kofiCredential = path.join(workDir, 'kofi.credential.json');
    writeFileSync(kofiCredential, await download(`/api/c/${kofi.token}/credential`));
    const forged = qpdf(zoePdf, [
      '--add-attachment',
      kofiCredential,
      '--key=credential.json',
      '--mimetype=application/ld+json',
      '--replace',
      '--',
    ]);
    const carried = await readPdfAttachment(forged, isCredentialAttachment);
    expect(JSON.parse(carried!.content.toString('utf8')).credentialSubject.name).toBe('Kofi Mensah');

    const report = await verifyFile(forged, 'zoe.pdf');
    expect(report).toMatchObject({
      status: 'valid',
      recipient_name: 'Kofi Mensah',
      achievement_name: 'Seamanship',
      document: 'not_issued',
      issued_image_url: `/api/c/${kofi.token}/image.png?width=1200`,
    });
    expect(report.problems).toContain(OPEN_BADGES_MESSAGES.documentNotIssued);
    // The image offered to compare with is Kofi's certificate as issued.
    const issued = await download(report.issued_image_url);
    expect(JSON.parse(readBakedPng(issued)!).credentialSubject.name).toBe('Kofi Mensah');

    // The same PDF as Laurel issued it is the document that was issued.
    expect(await verifyFile(zoePdf, 'zoe.pdf')).toMatchObject({ status: 'valid', recipient_name: 'Zoë Ångström', document: 'as_issued' });
    // Rewritten by another tool, even without a visible change, it is no longer the file that was issued.
    expect(await verifyFile(qpdf(zoePdf, ['--object-streams=generate']), 'zoe.pdf')).toMatchObject({ document: 'not_issued' });
  });

  it('judges a PNG the same way, and a credential given as JSON by its signature alone', async () => {
    const zoePng = await download(`/api/c/${zoe.token}/image.png?width=600`);
    expect(await verifyFile(zoePng, 'zoe.png')).toMatchObject({ status: 'valid', document: 'as_issued', issued_image_url: null });
    const kofiText = (await download(`/api/c/${kofi.token}/credential`)).toString('utf8');
    const swapped = bakePng(zoePng, JSON.stringify(JSON.parse(kofiText)));
    expect(await verifyFile(swapped, 'zoe.png')).toMatchObject({ status: 'valid', recipient_name: 'Kofi Mensah', document: 'not_issued' });
    expect(await verifyFile(Buffer.from(kofiText), 'kofi.json')).toMatchObject({ status: 'valid', document: null });
  });
});

describe('files handed out before their digests were kept', () => {
  it('are compared with what Laurel hands out for them: the PDF kept for that version, the PNG drawn again at its width', async () => {
    const pdf = await download(`/api/c/${kofi.token}/pdf`);
    const png = await download(`/api/c/${kofi.token}/image.png?width=700`);
    // Drawn again, the same version at the same width is the same bytes.
    expect((await download(`/api/c/${kofi.token}/image.png?width=700`)).equals(png)).toBe(true);
    const forKofi = eq(issuedCertificateFiles.recipient_id, kofi.id);
    expect(
      (
        await laurel.context.db
          .select()
          .from(issuedCertificateFiles)
          .where(and(forKofi, eq(issuedCertificateFiles.kind, 'pdf')))
      ).length,
    ).toBe(1);
    await laurel.context.db.delete(issuedCertificateFiles).where(forKofi);

    expect(await verifyFile(pdf, 'kofi.pdf')).toMatchObject({ status: 'valid', document: 'as_issued' });
    expect(await verifyFile(png, 'kofi.png')).toMatchObject({ status: 'valid', document: 'as_issued' });
    const recorded = await laurel.context.db.select({ kind: issuedCertificateFiles.kind }).from(issuedCertificateFiles).where(forKofi);
    expect(recorded.map((row) => row.kind).sort()).toEqual(['pdf', 'png']);
  });
});

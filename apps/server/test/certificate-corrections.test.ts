import { isCredentialAttachment, readBakedPng, readPdfAttachment } from '@laurel/certificate/node';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateVersions, openBadgeCredentials, recipients } from '../src/db/schema.ts';
import { verifyOpenBadge } from '../src/modules/open-badges/index.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Credential, independentVerifier } from './helpers/open-badges-verifier.ts';
import { put, saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * Correcting a sent certificate makes its next version: the files served afterwards carry a credential signed for
 * the corrected recipient, and the credential it replaced is withdrawn in the status list, where a verifier anywhere
 * sees it revoked, while Laurel's own verify page names it superseded and points to the current certificate.
 */

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let people: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);
const independentlyVerify = (credential: Credential) => independentVerifier(laurel).independentlyVerify(credential);

async function pdfOf(token: string): Promise<Buffer> {
  const response = await visitor().get(`/api/c/${token}/pdf`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}
async function credentialInPdf(pdf: Buffer): Promise<Credential> {
  const file = await readPdfAttachment(pdf, isCredentialAttachment);
  expect(file, 'the PDF carries a credential').not.toBeNull();
  return JSON.parse(file!.content.toString('utf8'));
}
async function credentialOf(token: string): Promise<Credential> {
  const response = await visitor().get(`/api/c/${token}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}
const verifyFile = (bytes: Buffer, filename: string) =>
  visitor().upload('/api/verify/credential', [{ name: 'file', value: bytes, filename }]);
const rowOf = async (id: number) => (await laurel.context.db.select().from(recipients).where(eq(recipients.id, id)))[0]!;

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  const project = await saveProject(owner.admin.client, owner.setId, 'Spring pilots', [
    { first: 'Zoe', last: 'Angstrom', email: 'zoe@example.com' },
    { first: 'Kofi', last: 'Mensah', email: 'kofi@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  people = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(asc(recipients.id));
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

describe('correcting the name on a sent certificate', () => {
  it('serves a PDF, a PNG and a JSON credential naming the corrected person, valid to an independent verifier, under the same link', async () => {
    const zoe = people[0]!;
    const firstPdf = await pdfOf(zoe.token);
    const first = await credentialInPdf(firstPdf);
    expect(first.credentialSubject.name).toBe('Zoe Angstrom');

    const saved = await put(owner.admin.client, `/api/recipients/${zoe.id}`, { first_name: 'Zoë', last_name: 'Ångström' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().recipient).toMatchObject({ first_name: 'Zoë', last_name: 'Ångström' });

    const page = await visitor().get(`/api/c/${zoe.token}`);
    expect(page.json()).toMatchObject({ recipient_name: 'Zoë Ångström', status: 'valid' });
    const pdf = await pdfOf(zoe.token);
    expect(pdf.equals(firstPdf)).toBe(false);
    const current = await credentialInPdf(pdf);
    expect(current.credentialSubject.name).toBe('Zoë Ångström');
    expect(current.id).toBe(first.id);
    const { verified, revoked, result } = await independentlyVerify(current);
    expect(verified, JSON.stringify(result.error ?? result.results)).toBe(true);
    expect(revoked).toBe(false);
    // The PNG and the JSON download carry the same new credential; the issuer's copy of the PDF is the same file.
    expect(await credentialOf(zoe.token)).toEqual(current);
    const png = await visitor().get(`/api/c/${zoe.token}/image.png?width=400`);
    expect(JSON.parse(readBakedPng(png.rawPayload)!)).toEqual(current);
    expect((await owner.admin.client.get(`/api/recipients/${zoe.id}/pdf`)).rawPayload.equals(pdf)).toBe(true);
    expect(await verifyOpenBadge(laurel.context, current)).toMatchObject({ status: 'valid', recipient_name: 'Zoë Ångström' });
  });

  it("sets the replaced credential's status bit and keeps it as version 1, superseded; the verify page says so and links to the current certificate", async () => {
    const zoe = people[0]!;
    const [earlier] = await laurel.context.db
      .select()
      .from(certificateVersions)
      .where(and(eq(certificateVersions.recipient_id, zoe.id), eq(certificateVersions.version, 1)));
    expect(earlier).toMatchObject({
      first_name: 'Zoe',
      last_name: 'Angstrom',
      superseded_by: 'correction',
      changed: ['first_name', 'last_name'],
      changed_by: owner.admin.user.id,
    });
    const first = earlier!.credential as Credential;
    expect(first.credentialSubject.name).toBe('Zoe Angstrom');
    const [current] = await laurel.context.db.select().from(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, zoe.id));
    expect(current!.version).toBe(2);
    expect(current!.status_index).not.toBe(earlier!.status_index);
    expect((await rowOf(zoe.id)).certificate_version).toBe(2);

    // To a verifier anywhere: still signed by the issuer, and withdrawn in its status list.
    const outside = await independentlyVerify(first);
    expect(outside.verified).toBe(true);
    expect(outside.revoked).toBe(true);
    // The other recipient's certificate is untouched.
    expect((await independentlyVerify(await credentialOf(people[1]!.token))).revoked).toBe(false);

    const expected = {
      status: 'superseded',
      recipient_name: 'Zoe Angstrom',
      superseded_at: earlier!.superseded_at.toISOString(),
      current_url: `http://laurel.test/c/${zoe.token}`,
    };
    expect(await verifyOpenBadge(laurel.context, first)).toMatchObject(expected);
    // The first version's PDF, as it was sent, is still the file that was issued: an earlier version, not a forgery.
    const firstPdf = await laurel.context.files.get(`cert-${zoe.token}.pdf`);
    expect((await credentialInPdf(firstPdf!)).credentialSubject.name).toBe('Zoe Angstrom');
    const checked = await verifyFile(firstPdf!, 'zoe-v1.pdf');
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ ...expected, document: 'as_issued' });
  });

  it('makes a version for a corrected date too, and none for a save that changes nothing', async () => {
    const kofi = people[1]!;
    const unchanged = await put(owner.admin.client, `/api/recipients/${kofi.id}`, { first_name: 'Kofi', meta: { COURSE: 'Navigation' } });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await rowOf(kofi.id)).certificate_version).toBe(1);
    const before = await credentialOf(kofi.token);
    expect(before.validUntil).toBe('2030-12-31T23:59:59Z');

    const dated = await put(owner.admin.client, `/api/recipients/${kofi.id}`, { meta: { EXPIRATION_DATE: '30/06/2031' } });
    expect(dated.statusCode, dated.body).toBe(200);
    const after = await credentialInPdf(await pdfOf(kofi.token));
    expect(after.validUntil).toBe('2031-06-30T23:59:59Z');
    expect((await independentlyVerify(after)).verified).toBe(true);
    expect((await independentlyVerify(before)).revoked).toBe(true);
    const [earlier] = await laurel.context.db.select().from(certificateVersions).where(eq(certificateVersions.recipient_id, kofi.id));
    expect(earlier).toMatchObject({ version: 1, changed: ['EXPIRATION_DATE'] });
  });

  it('makes no version of a certificate never handed out: what a failed send drew and signed is dropped, and the next one signs the correction', async () => {
    // This project's email attaches the PDF, so its send draws one.
    expect((await put(owner.admin.client, `/api/certificates/${owner.setId}`, { attach_pdf: true })).statusCode).toBe(200);
    const project = await saveProject(owner.admin.client, owner.setId, 'Autumn pilots', [
      { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
    ]);
    await sendAndSettle(owner.admin.client, project);
    const [ines] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project));
    const signed = await credentialOf(ines!.token);
    // A download asked for meanwhile is drawn too.
    await pdfOf(ines!.token);
    expect(await laurel.context.files.get(`cert-${ines!.token}-email.pdf`)).toBeTruthy();
    expect(await laurel.context.files.get(`cert-${ines!.token}.pdf`)).toBeTruthy();
    // As a delivery that drew and signed, then failed for good: never sent.
    await laurel.context.db.update(recipients).set({ state: 'failed', sent_at: null }).where(eq(recipients.id, ines!.id));

    const saved = await put(owner.admin.client, `/api/recipients/${ines!.id}`, { last_name: 'Ferreira Lopes' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rowOf(ines!.id)).certificate_version).toBe(1);
    expect(await laurel.context.db.select().from(certificateVersions).where(eq(certificateVersions.recipient_id, ines!.id))).toEqual([]);
    expect(await laurel.context.db.select().from(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, ines!.id))).toEqual([]);
    expect(await laurel.context.files.get(`cert-${ines!.token}.pdf`)).toBeFalsy();
    expect(await laurel.context.files.get(`cert-${ines!.token}-email.pdf`)).toBeFalsy();

    // Sent again: the certificate and its credential say what the recipient says now.
    await laurel.context.db.update(recipients).set({ state: 'sent', sent_at: new Date() }).where(eq(recipients.id, ines!.id));
    const now = await credentialInPdf(await pdfOf(ines!.token));
    expect(now.credentialSubject.name).toBe('Ines Ferreira Lopes');
    expect(now.credentialStatus.statusListIndex).not.toBe(signed.credentialStatus.statusListIndex);
    expect((await independentlyVerify(now)).verified).toBe(true);
  });

  it('keeps each version: a second correction supersedes the second, and the first stays superseded', async () => {
    const zoe = people[0]!;
    const second = await credentialOf(zoe.token);
    const saved = await put(owner.admin.client, `/api/recipients/${zoe.id}`, { last_name: 'Ångström-Berg' });
    expect(saved.statusCode, saved.body).toBe(200);
    const third = await credentialInPdf(await pdfOf(zoe.token));
    expect(third.credentialSubject.name).toBe('Zoë Ångström-Berg');
    expect((await independentlyVerify(third)).revoked).toBe(false);
    expect((await independentlyVerify(second)).revoked).toBe(true);
    expect((await verifyOpenBadge(laurel.context, second)).status).toBe('superseded');
    const versions = await laurel.context.db
      .select({ version: certificateVersions.version })
      .from(certificateVersions)
      .where(eq(certificateVersions.recipient_id, zoe.id))
      .orderBy(asc(certificateVersions.version));
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect((await rowOf(zoe.id)).certificate_version).toBe(3);
  });
});

import { readFileSync } from 'node:fs';
import { REVOCATION_REASON_MAX } from '@laurel/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * Why a certificate was revoked (docs/product/store.md#flows): the issuer may say, in one short line; it is kept on
 * the recipient, shown in the store, on the public page ("Revoked on {date}: {reason}"), in the certificate's JSON
 * and in the verification of its credential, and forgotten when the certificate is reinstated.
 */

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let people: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);

beforeAll(async () => {
  laurel = await startTestLaurel();
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  const project = await saveProject(owner.admin.client, owner.setId, 'Autumn pilots', [
    { first: 'Ines', last: 'Ferreira', email: 'ines.revoked@example.com' },
    { first: 'Kofi', last: 'Mensah', email: 'kofi.revoked@example.com' },
    { first: 'Zoë', last: 'Ångström', email: 'zoe.revoked@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  people = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(asc(recipients.id));
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

const revoke = (id: number, body: unknown) => owner.admin.client.post(`/api/recipients/${id}/revoke`, body);
const row = async (id: number) => (await laurel.context.db.select().from(recipients).where(eq(recipients.id, id)))[0]!;

describe('revoking with a reason', () => {
  it('keeps the reason on one line and shows it in the store, on the page, in its JSON and in the verification', async () => {
    const ines = people[0]!;
    // The credential as its holder keeps it, fetched while the certificate is valid.
    const credential = (await visitor().get(`/api/c/${ines.token}/credential`)).body;

    const revoked = await revoke(ines.id, { reason: '  Issued to the wrong\n  course ' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await row(ines.id)).revocation_reason).toBe('Issued to the wrong course');

    const store = await owner.admin.client.get(`/api/recipients/${ines.id}`);
    expect(store.json()).toMatchObject({ revocation_reason: 'Issued to the wrong course' });
    expect(Date.parse(store.json().revoked_at)).not.toBeNaN();

    const json = (await visitor().get(`/api/c/${ines.token}`)).json();
    expect(json).toMatchObject({ status: 'revoked', revocation_reason: 'Issued to the wrong course' });

    const page = (await visitor().get(`/c/${ines.token}`)).body;
    const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(json.revoked_at),
    );
    expect(page).toContain(`Revoked on <time datetime="${json.revoked_at.slice(0, 10)}">${day}</time>: Issued to the wrong course</p>`);

    const verified = await visitor().upload('/api/verify/credential', [
      { name: 'file', value: Buffer.from(credential), filename: 'credential.json' },
    ]);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'revoked',
      revoked_at: json.revoked_at,
      revocation_reason: 'Issued to the wrong course',
    });

    // Reinstated, the certificate is valid again and the reason is gone everywhere it was shown.
    expect((await owner.admin.client.post(`/api/recipients/${ines.id}/reinstate`, {})).statusCode).toBe(200);
    expect((await row(ines.id)).revocation_reason).toBeNull();
    expect((await visitor().get(`/api/c/${ines.token}`)).json()).toMatchObject({ status: 'valid', revocation_reason: null });
    expect((await owner.admin.client.get(`/api/recipients/${ines.id}`)).json()).toMatchObject({ revocation_reason: null });
    const again = await visitor().upload('/api/verify/credential', [
      { name: 'file', value: Buffer.from(credential), filename: 'credential.json' },
    ]);
    expect(again.json()).toMatchObject({ status: 'valid', revoked_at: null, revocation_reason: null });
  });

  it('says only the date when no reason is given', async () => {
    const kofi = people[1]!;
    expect((await revoke(kofi.id, { reason: '   ' })).statusCode).toBe(200);
    expect((await row(kofi.id)).revocation_reason).toBeNull();
    expect((await visitor().get(`/api/c/${kofi.token}`)).json()).toMatchObject({ status: 'revoked', revocation_reason: null });
    expect((await visitor().get(`/c/${kofi.token}`)).body).toMatch(/Revoked on <time datetime="[\d-]+">[^<]+<\/time>\.<\/p>/);
  });

  it(`refuses a reason longer than ${REVOCATION_REASON_MAX} characters and leaves the certificate valid`, async () => {
    const zoe = people[2]!;
    const tooLong = await revoke(zoe.id, { reason: 'é'.repeat(REVOCATION_REASON_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe(`Reason: The reason may be at most ${REVOCATION_REASON_MAX} characters.`);
    expect((await row(zoe.id)).revoked_at).toBeNull();
    // Exactly the limit, counted in characters, is taken.
    expect((await revoke(zoe.id, { reason: 'é'.repeat(REVOCATION_REASON_MAX) })).statusCode).toBe(200);
    expect((await row(zoe.id)).revocation_reason).toHaveLength(REVOCATION_REASON_MAX);
  });

  it('keeps the reason of a certificate revoked before the reason had a column (migration 0030)', async () => {
    const zoe = people[2]!;
    await laurel.context.db
      .update(recipients)
      .set({
        revocation_reason: null,
        sent_details: sql`${recipients.sent_details} || ${JSON.stringify([{ event: 'revoked', at: new Date().toISOString(), detail: ' Said in the history ' }])}::jsonb`,
      })
      .where(eq(recipients.id, zoe.id));
    const migration = readFileSync(new URL('../drizzle/0030_revocation_reason.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint')[1]!;
    await laurel.context.db.execute(sql.raw(backfill));
    expect((await row(zoe.id)).revocation_reason).toBe('Said in the history');
    // Certificates that are not revoked get none, whatever their history says.
    expect((await row(people[0]!.id)).revocation_reason).toBeNull();
  });
});

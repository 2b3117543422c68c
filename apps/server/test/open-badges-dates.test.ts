import { EXPIRY_MESSAGES } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, openBadgeCredentials, projects, recipients } from '../src/db/schema.ts';
import { issuerOf, verifyOpenBadge } from '../src/modules/open-badges/index.ts';
import { currentKey } from '../src/modules/open-badges/issuer.ts';
import { signDocument } from '../src/modules/open-badges/sign.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Credential, independentVerifier } from './helpers/open-badges-verifier.ts';
import { put, saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';
import { makeKey, v1Client } from './helpers/v1.ts';

/**
 * A credential's dates must hold together (VC 2.0: `validUntil` never before `validFrom`): an expiration date
 * already past is refused wherever recipient rows are checked and again when they are sent, a certificate
 * issued past its expiry before that gets a credential that still holds together, and the verify page judges
 * the dates apart from the signature. The status list says from when it is in force, and is read as a list.
 */

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
const visitor = () => new ApiClient(laurel);
const verifier = () => independentVerifier(laurel);

/** A row of the Seamanship set (its expiration dates are written DD/MM/YYYY). */
const row = (n: number, expires: string) => ({
  FIRST_NAME: 'Ada',
  LAST_NAME: `Okafor ${n}`,
  'Email Address': `ada${n}@example.com`,
  COURSE: 'Navigation',
  EXPIRATION_DATE: expires,
});

const projectTitled = (title: string) => laurel.context.db.select().from(projects).where(eq(projects.title, title));
const recipientsOf = (projectId: number) =>
  laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(recipients.id);
const credits = async () =>
  (await laurel.context.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, owner.accountId)))[0]!.credits;

async function credentialOf(token: string): Promise<Credential> {
  const response = await visitor().get(`/api/c/${token}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}

/** The issuer's own signature over a credential with other dates: genuine, whatever the dates say. */
async function resigned(credential: Credential, dates: { validFrom?: string; validUntil?: string }): Promise<Credential> {
  const issuer = await issuerOf(laurel.context, owner.accountId);
  const { proof: _proof, validFrom: _from, validUntil: _until, ...rest } = credential;
  return signDocument({ ...rest, ...dates }, await currentKey(laurel.context, issuer));
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

describe('an expiration date already past', () => {
  it('is refused with a clear message when the wizard saves the rows, and nothing is saved', async () => {
    const response = await owner.admin.client.post('/api/projects', {
      title: 'Lapsed in the wizard',
      certificate_id: owner.setId,
      recipients: [row(1, '31/12/2030'), row(2, '01/01/2020')],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ message: `${EXPIRY_MESSAGES.past} (row 2)`, error_type: 'past_date' });
    expect(await projectTitled('Lapsed in the wizard')).toEqual([]);
  });

  it('is refused in an imported file, in added recipients and in a correction, and nothing changes', async () => {
    const saved = await owner.admin.client.post('/api/projects', {
      title: 'Imported crew',
      certificate_id: owner.setId,
      filename: 'crew.csv',
      mapping: { First: 'FIRST_NAME', Last: 'LAST_NAME', Email: 'Email Address', Course: 'COURSE', Expires: 'EXPIRATION_DATE' },
      recipients: [row(3, '31/12/2030')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const projectId: number = saved.json().id;

    const file = Buffer.from('First,Last,Email,Course,Expires\r\nKofi,Mensah,kofi@example.com,Navigation,01/01/2020\r\n');
    const imported = await owner.admin.client.upload('/api/recipients/import-project-recipients-list', [
      { name: 'project_id', value: String(projectId) },
      { name: 'file', value: file, filename: 'crew.csv' },
    ]);
    expect(imported.statusCode, imported.body).toBe(400);
    expect(errorOf(imported).message).toBe(`${EXPIRY_MESSAGES.past} (row 1)`);

    const added = await owner.admin.client.post(`/api/projects/${projectId}/add-recipients`, { recipients: [row(4, '01/01/2020')] });
    expect(added.statusCode, added.body).toBe(400);
    expect(errorOf(added)).toMatchObject({ message: `${EXPIRY_MESSAGES.past} (row 1)`, error_type: 'past_date' });
    expect(await recipientsOf(projectId)).toHaveLength(1);

    const [ada] = await recipientsOf(projectId);
    const corrected = await put(owner.admin.client, `/api/recipients/${ada!.id}`, { meta: { EXPIRATION_DATE: '01/01/2020' } });
    expect(corrected.statusCode, corrected.body).toBe(400);
    expect(errorOf(corrected)).toMatchObject({ message: EXPIRY_MESSAGES.past, error_type: 'past_date', field: 'EXPIRATION_DATE' });
    expect((await recipientsOf(projectId))[0]!.meta.EXPIRATION_DATE).toBe('2030-12-31');
    // A date still to come is taken, and a correction that leaves the date as it was is not refused for it.
    expect((await put(owner.admin.client, `/api/recipients/${ada!.id}`, { meta: { EXPIRATION_DATE: '30/06/2031' } })).statusCode).toBe(200);
    await laurel.context.db
      .update(recipients)
      .set({ meta: { ...ada!.meta, EXPIRATION_DATE: '2020-01-01' } })
      .where(eq(recipients.id, ada!.id));
    const renamed = await put(owner.admin.client, `/api/recipients/${ada!.id}`, {
      first_name: 'Adaeze',
      meta: { EXPIRATION_DATE: '2020-01-01' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('is refused in rows sent through the public API, with the same message', async () => {
    const api = v1Client(laurel, await makeKey(owner.admin.client));
    const response = await api.post('/v1/projects', {
      certificate_set_id: owner.setId,
      title: 'Lapsed through the API',
      recipients: [
        {
          first_name: 'Ines',
          last_name: 'Ferreira',
          email: 'ines@example.com',
          fields: { COURSE: 'Navigation', EXPIRATION_DATE: '01/01/2020' },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(EXPIRY_MESSAGES.past);
    expect(await projectTitled('Lapsed through the API')).toEqual([]);
  });

  it('is refused when the recipients are sent: a date that passed since they were saved sends nothing and spends nothing', async () => {
    const projectId = await saveProject(owner.admin.client, owner.setId, 'Saved last year', [
      { first: 'Mei', last: 'Chen', email: 'mei@example.com' },
      { first: 'Kofi', last: 'Mensah', email: 'kofi.send@example.com' },
    ]);
    const [mei, kofi] = await recipientsOf(projectId);
    // Saved when the date was still to come (or before such dates were refused): it has passed since.
    await laurel.context.db
      .update(recipients)
      .set({ meta: { ...mei!.meta, EXPIRATION_DATE: '2020-01-01' } })
      .where(eq(recipients.id, mei!.id));
    const before = await credits();

    const send = await owner.admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Harbour School' });
    expect(send.statusCode, send.body).toBe(400);
    expect(errorOf(send)).toMatchObject({ message: EXPIRY_MESSAGES.pastAtSend(['Mei Chen'], 1), error_type: 'past_date' });
    expect(errorOf(send).message).toMatch(/^Nothing was sent: the expiration date of one recipient has already passed \(Mei Chen\)/);
    expect((await recipientsOf(projectId)).map((r) => r.state)).toEqual(['draft', 'draft']);
    expect(await credits()).toBe(before);
    // One at a time is refused the same way; the other goes.
    const one = await owner.admin.client.post(`/api/recipients/${mei!.id}/email`, { sender_name: 'Harbour School' });
    expect(one.statusCode, one.body).toBe(400);

    // Corrected, the send goes out whole.
    expect((await put(owner.admin.client, `/api/recipients/${mei!.id}`, { meta: { EXPIRATION_DATE: '31/12/2031' } })).statusCode).toBe(200);
    await sendAndSettle(owner.admin.client, projectId);
    const sent = await recipientsOf(projectId);
    expect(sent.map((r) => r.state)).toEqual(['sent', 'sent']);
    const credential = await credentialOf(kofi!.token);
    expect((await verifier().independentlyVerify(credential)).verified).toBe(true);
  });
});

describe('a certificate issued after its expiry day', () => {
  it('gets a credential that ends the moment it begins, never before: genuine and expired, to every verifier', async () => {
    const projectId = await saveProject(owner.admin.client, owner.setId, 'Sent long ago', [
      { first: 'Zoë', last: 'Ångström', email: 'zoe@example.com' },
    ]);
    await sendAndSettle(owner.admin.client, projectId);
    const [zoe] = await recipientsOf(projectId);
    // As a certificate sent in 2021 with a date already past, before credentials existed: signed on first request.
    await laurel.context.db.delete(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, zoe!.id));
    await laurel.context.db
      .update(recipients)
      .set({ sent_at: new Date('2021-03-01T10:00:00Z'), meta: { ...zoe!.meta, EXPIRATION_DATE: '2020-01-01' } })
      .where(and(eq(recipients.id, zoe!.id), eq(recipients.project_id, projectId)));

    const credential = await credentialOf(zoe!.token);
    expect(credential.validFrom).toBe('2021-03-01T10:00:00Z');
    expect(credential.validUntil).toBe('2021-03-01T10:00:00Z');
    // Its signature holds at its moment, and its status is read from the list; today it has simply expired.
    const atIssue = await verifier().independentlyVerify(credential, { now: new Date('2021-03-01T10:00:00Z') });
    expect(atIssue.verified, JSON.stringify([atIssue.problems, atIssue.result.error?.message])).toBe(true);
    expect(atIssue.revoked).toBe(false);
    const today = await verifier().independentlyVerify(credential);
    expect(today.result.error?.message).toMatch(/after "validUntil"/);
    expect(await verifyOpenBadge(laurel.context, credential)).toMatchObject({ status: 'expired', valid_until: '2021-03-01T10:00:00Z' });
  });
});

describe('the verify page judges the dates apart from the signature', () => {
  let genuine: Credential;
  beforeAll(async () => {
    const projectId = await saveProject(owner.admin.client, owner.setId, 'Verified by file', [
      { first: 'Kai', last: 'Keel', email: 'kai@example.com' },
    ]);
    await sendAndSettle(owner.admin.client, projectId);
    genuine = await credentialOf((await recipientsOf(projectId))[0]!.token);
  });

  it('says a genuine credential whose window is inverted has contradicting dates, not that it was tampered with', async () => {
    // As credentials were signed for a past expiry before it was refused: validFrom the sending, validUntil 2020.
    const inverted = await resigned(genuine, { validFrom: '2026-03-01T09:30:00Z', validUntil: '2020-01-01T23:59:59Z' });
    const report = await verifyOpenBadge(laurel.context, inverted);
    expect(report).toMatchObject({ status: 'invalid_dates', valid_from: '2026-03-01T09:30:00Z', valid_until: '2020-01-01T23:59:59Z' });
    expect(report.problems[0]).toMatch(/contradict each other: it ends \(validUntil 2020-01-01T23:59:59Z\) before it begins/);
    // Changed after signing, it is tampered, whatever its dates.
    expect((await verifyOpenBadge(laurel.context, { ...inverted, validUntil: '2040-01-01T23:59:59Z' })).status).toBe('tampered');
  });

  it('says expired, or not valid yet, for a genuine credential outside its window, and tampered once its dates are changed', async () => {
    const lapsed = await resigned(genuine, { validFrom: '2019-01-01T00:00:00Z', validUntil: '2020-01-01T23:59:59Z' });
    expect(await verifyOpenBadge(laurel.context, lapsed)).toMatchObject({
      status: 'expired',
      problems: ['It expired on 2020-01-01T23:59:59Z.'],
    });
    expect((await verifyOpenBadge(laurel.context, { ...lapsed, validUntil: '2020-01-02T23:59:59Z' })).status).toBe('tampered');

    const early = await resigned(genuine, { validFrom: '2099-01-01T00:00:00Z' });
    expect(await verifyOpenBadge(laurel.context, early)).toMatchObject({ status: 'not_yet_valid', valid_from: '2099-01-01T00:00:00Z' });
    expect((await verifyOpenBadge(laurel.context, { ...early, validFrom: '2098-01-01T00:00:00Z' })).status).toBe('tampered');
    expect(await verifyOpenBadge(laurel.context, genuine)).toMatchObject({ status: 'valid', problems: [] });
  });

  it('says a credential whose date is not a date is not a credential', async () => {
    const report = await verifyOpenBadge(laurel.context, { ...genuine, validFrom: 'last Tuesday' });
    expect(report).toMatchObject({ status: 'malformed', problems: ['Its validFrom is not a date: "last Tuesday".'] });
  });
});

describe('the revocation status list', () => {
  it('says from when it is in force, and a strict reader finds each credential on it, revoked or not', async () => {
    const projectId = await saveProject(owner.admin.client, owner.setId, 'Listed', [
      { first: 'Ines', last: 'Ferreira', email: 'ines.list@example.com' },
      { first: 'Ada', last: 'Okafor', email: 'ada.list@example.com' },
    ]);
    await sendAndSettle(owner.admin.client, projectId);
    const [ines, ada] = await recipientsOf(projectId);
    const credential = await credentialOf(ines!.token);

    const list = await verifier().fetchJson(credential.credentialStatus.statusListCredential);
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(new Date(list.validFrom).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await verifier().readStatus(credential)).toBe(false);

    expect((await owner.admin.client.post(`/api/recipients/${ines!.id}/revoke`, { reason: 'Issued in error' })).statusCode).toBe(200);
    expect(await verifier().readStatus(credential)).toBe(true);
    expect(await verifier().readStatus(await credentialOf(ada!.token))).toBe(false);
    const revoked = await verifier().independentlyVerify(credential);
    expect(revoked).toMatchObject({ verified: true, revoked: true, problems: [] });
  });
});

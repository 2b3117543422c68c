import type { ApiErrorBody, Credential, CredentialsList } from '@laurel/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, recipients, userCodes, users } from '../src/db/schema.ts';
import { ApiClient, codeFromMail, errorOf, GOOD_PASSWORD, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The credentials portal (docs/product/credentials-portal.md#screens "Credentials portal", docs/product/credentials-portal.md#calls, docs/product/credentials-portal.md#messages "Login and portals"): a holder registers
 * on `credentials.BASE_DOMAIN`, sets a password from the mailed link, signs in and finds every
 * certificate any issuer sent to their address, and no one else's.
 */

const CREDENTIALS_HOST = 'credentials.laurel.test';

let laurel: TestLaurel;
const sink = new SmtpSink();
let harbour: Awaited<ReturnType<typeof storeAccount>>;
let guild: Awaited<ReturnType<typeof storeAccount>>;
const holder = uniqueEmail('holder');
const stranger = uniqueEmail('stranger');
let holderClient: ApiClient;
let strangerIds: number[];

async function holderRecipientIds(projectId: number, email = holder): Promise<number[]> {
  const rows = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
  return rows.filter((r) => r.email === email).map((r) => r.id);
}

const list = async (client: ApiClient, query = '') => {
  const response = await client.get(`/api/credentials${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CredentialsList>();
};

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  harbour = await storeAccount(laurel, { name: 'Harbour School' });
  guild = await storeAccount(laurel, { name: 'Mountain Guild' });
  // Harbour sends to the holder and to a stranger; the guild sends the holder one it later revokes,
  // one still a draft, and one in a project it deleted.
  const sailing = await saveProject(harbour.admin.client, harbour.setId, 'Sailing', [
    { first: 'Rita', last: 'Levi', email: holder },
    { first: 'Sam', last: 'Stranger', email: stranger },
  ]);
  await sendAndSettle(harbour.admin.client, sailing);
  strangerIds = await holderRecipientIds(sailing, stranger);
  const climbing = await saveProject(guild.admin.client, guild.setId, 'Climbing', [
    { first: 'Rita', last: 'Levi-Montalcini', email: holder },
  ]);
  await sendAndSettle(guild.admin.client, climbing);
  const ropes = await saveProject(guild.admin.client, guild.setId, 'Ropes', [{ first: 'Rita', last: 'Levi', email: holder }]);
  await sendAndSettle(guild.admin.client, ropes);
  await laurel.context.db
    .update(recipients)
    .set({ revoked_at: new Date() })
    .where(inArray(recipients.id, await holderRecipientIds(ropes)));
  await saveProject(guild.admin.client, guild.setId, 'Knots (draft)', [{ first: 'Rita', last: 'Levi', email: holder }]);
  const withdrawn = await saveProject(guild.admin.client, guild.setId, 'Withdrawn', [{ first: 'Rita', last: 'Levi', email: holder }]);
  await sendAndSettle(guild.admin.client, withdrawn);
  await laurel.context.db.update(projects).set({ deleted_at: new Date() }).where(eq(projects.id, withdrawn));

  // Register on the credentials host, set the password from the mailed link, sign in there.
  holderClient = new ApiClient(laurel, null, CREDENTIALS_HOST);
  const registered = await holderClient.post('/api/credentials/register', {
    first_name: 'Rita',
    last_name: 'Levi',
    email: holder.toUpperCase(),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? null).includes(holder) && /credentials/i.test(m.subject ?? ''));
  expect(mail.text).toContain(`http://${CREDENTIALS_HOST}/user/confirm/`);
  const set = await holderClient.post('/api/users/confirm/password', {
    code: codeFromMail(mail.text ?? '', 'confirm'),
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    accept_terms: true,
  });
  expect(set.statusCode, set.body).toBe(200);
  const login = await holderClient.login(holder, GOOD_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('GET /api/credentials', () => {
  it("lists the certificates both issuers sent to the holder's address with each issuer's name, never a third address's", async () => {
    const all = await list(holderClient, '?limit=100');
    expect(all.count).toBe(3);
    expect(all.credentials.map((c) => c.issuer.name).sort()).toEqual(['Harbour School', 'Mountain Guild', 'Mountain Guild']);
    expect(all.issuers).toEqual([
      { id: harbour.accountId, name: 'Harbour School' },
      { id: guild.accountId, name: 'Mountain Guild' },
    ]);
    for (const id of strangerIds) expect(all.credentials.map((c) => c.id)).not.toContain(id);
    expect(all.credentials.every((c) => c.first_name === 'Rita')).toBe(true);

    const harbourOne = all.credentials.find((c) => c.issuer.name === 'Harbour School') as Credential;
    expect(harbourOne).toMatchObject({ certificate_name: 'Seamanship', expired: '2030-12-31', memo: '', revoked: false });
    const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, harbourOne.id));
    expect(harbourOne.url).toBe(`http://laurel.test/c/${row!.token}`);
    expect(harbourOne.image_url).toMatch(new RegExp(`^http://laurel.test/api/c/${row!.token}/image.png`));
    expect(new Date(harbourOne.earned).getTime()).toBe(row!.sent_at!.getTime());
    // The image is the public one and draws.
    const image = await new ApiClient(laurel).get(new URL(harbourOne.image_url).pathname + new URL(harbourOne.image_url).search);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    expect(all.credentials.filter((c) => c.revoked)).toHaveLength(1);
  });

  it('searches memo, first and last name ignoring case, filters by issuer and pages', async () => {
    const ids = (l: CredentialsList) => l.credentials.map((c) => c.id).sort();
    const all = await list(holderClient, '?limit=100');
    const climbing = all.credentials.find((c) => c.last_name === 'Levi-Montalcini') as Credential;
    await laurel.context.db.update(recipients).set({ portal_memo: 'Alpine club renewal' }).where(eq(recipients.id, climbing.id));

    expect(ids(await list(holderClient, '?search=ALPINE'))).toEqual([climbing.id]);
    expect(ids(await list(holderClient, '?search=montalcini'))).toEqual([climbing.id]);
    expect((await list(holderClient, '?search=rita')).count).toBe(3);
    expect((await list(holderClient, '?search=%25')).count).toBe(0);

    const fromGuild = await list(holderClient, `?account_id=${guild.accountId}&limit=100`);
    expect(fromGuild.count).toBe(2);
    expect(fromGuild.credentials.every((c) => c.issuer.id === guild.accountId)).toBe(true);
    // The filter keeps offering every issuer.
    expect(fromGuild.issuers).toHaveLength(2);
    expect((await list(holderClient, `?account_id=${harbour.accountId}&search=alpine`)).count).toBe(0);
    // An issuer that sent the holder nothing filters to nothing.
    expect((await list(holderClient, '?account_id=999999')).count).toBe(0);

    const page1 = await list(holderClient, '?limit=2&page=1');
    const page2 = await list(holderClient, '?limit=2&page=2');
    expect([page1.credentials.length, page2.credentials.length, page2.count]).toEqual([2, 1, 3]);
    expect([...ids(page1), ...ids(page2)].sort()).toEqual(ids(all));
  });

  it('is empty for a signed-in user nobody sent a certificate', async () => {
    const other = await registerHolder(uniqueEmail('empty'));
    expect(await list(other)).toEqual({ credentials: [], count: 0, issuers: [] });
  });
});

/** Registers and confirms a holder through the API, signed in on the credentials host. */
async function registerHolder(email: string): Promise<ApiClient> {
  const client = new ApiClient(laurel, null, CREDENTIALS_HOST);
  expect((await client.post('/api/credentials/register', { first_name: 'Ana', last_name: 'Ng', email })).statusCode).toBe(200);
  const mail = await laurel.lastMailTo(email);
  const set = await client.post('/api/users/confirm/password', {
    code: codeFromMail(mail.text, 'confirm'),
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    accept_terms: true,
  });
  expect(set.statusCode, set.body).toBe(200);
  expect((await client.login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  return client;
}

describe('POST /api/credentials/register', () => {
  it('creates a portal user without roles or account', async () => {
    const email = uniqueEmail('fresh');
    const response = await new ApiClient(laurel, null, CREDENTIALS_HOST).post('/api/credentials/register', {
      first_name: 'Ana',
      last_name: 'Ng',
      email,
    });
    expect(response.json()).toEqual({ success: true, message: 'We emailed you a link to set your password.' });
    const [user] = await laurel.context.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      roles: [],
      account_id: null,
      first_name: 'Ana',
      last_name: 'Ng',
      confirmed_at: null,
      password_hash: null,
    });
  });

  it('answers 400 user_exist for an address with a confirmed sign-in, an issuer admin included', async () => {
    for (const email of [holder, harbour.admin.email]) {
      const response = await new ApiClient(laurel, null, CREDENTIALS_HOST).post('/api/credentials/register', {
        first_name: 'X',
        last_name: 'Y',
        email,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ error_type: 'user_exist' });
    }
  });

  it("re-sends the link to an unconfirmed sign-in as it answers a new address, at most once a minute, and keeps the holder's names", async () => {
    const email = uniqueEmail('again');
    const client = new ApiClient(laurel, null, CREDENTIALS_HOST);
    const first = await client.post('/api/credentials/register', { first_name: 'Ana', last_name: 'Ng', email });
    const again = await client.post('/api/credentials/register', { first_name: 'Mallory', last_name: 'Evil', email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await laurel.mailsTo(email)).toHaveLength(1);
    const [user] = await laurel.context.db.select().from(users).where(eq(users.email, email));
    expect(user?.first_name).toBe('Ana');

    // A minute later the link goes out again, and only the newest one works.
    await laurel.context.db
      .update(userCodes)
      .set({ created_at: sql`${userCodes.created_at} - interval '2 minutes'` })
      .where(eq(userCodes.user_id, user!.id));
    expect((await client.post('/api/credentials/register', { first_name: 'Ana', last_name: 'Ng', email })).statusCode).toBe(200);
    const mails = await laurel.mailsTo(email);
    expect(mails).toHaveLength(2);
    const oldCode = codeFromMail(mails[0]!.text, 'confirm');
    expect((await client.post('/api/confirm', { code: oldCode })).statusCode).toBe(404);
    expect((await client.post('/api/confirm', { code: codeFromMail(mails[1]!.text, 'confirm') })).statusCode).toBe(200);
  });

  it('refuses a malformed address and missing names', async () => {
    const client = new ApiClient(laurel, null, CREDENTIALS_HOST);
    const bad = await client.post('/api/credentials/register', { first_name: 'A', last_name: 'B', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const noName = await client.post('/api/credentials/register', { first_name: ' ', last_name: 'B', email: uniqueEmail() });
    expect(noName.statusCode).toBe(400);
  });

  it('is limited to 10 a minute from one address', async () => {
    const client = new ApiClient(laurel, null, CREDENTIALS_HOST);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.post('/api/credentials/register', { first_name: 'A', last_name: 'B', email: uniqueEmail('burst') })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/auth on the credentials host', () => {
  const errorType = (response: { json: () => unknown }) => (response.json() as ApiErrorBody).error_type;

  it('tells an unknown address, an unconfirmed sign-in and a wrong password apart (docs/product/credentials-portal.md#messages)', async () => {
    const client = new ApiClient(laurel, null, CREDENTIALS_HOST);
    const unknown = await client.login(uniqueEmail('nobody'), GOOD_PASSWORD);
    expect([unknown.statusCode, errorType(unknown)]).toEqual([401, 'no_user']);

    const pending = uniqueEmail('pending');
    await client.post('/api/credentials/register', { first_name: 'P', last_name: 'Q', email: pending });
    const unconfirmed = await client.login(pending, GOOD_PASSWORD);
    expect([unconfirmed.statusCode, errorType(unconfirmed)]).toEqual([403, 'not_confirmed']);

    const wrong = await client.login(holder, 'not-the-password-at-all');
    expect([wrong.statusCode, errorType(wrong)]).toEqual([401, 'wrong_password']);
  });

  it('keeps answering wrong_password for all three on the main host', async () => {
    const client = new ApiClient(laurel);
    const pending = uniqueEmail('pending');
    await new ApiClient(laurel, null, CREDENTIALS_HOST).post('/api/credentials/register', {
      first_name: 'P',
      last_name: 'Q',
      email: pending,
    });
    for (const [email, password] of [
      [uniqueEmail('nobody'), GOOD_PASSWORD],
      [pending, GOOD_PASSWORD],
      [holder, 'not-the-password-at-all'],
    ] as const) {
      const response = await client.login(email, password);
      expect([response.statusCode, errorType(response)]).toEqual([401, 'wrong_password']);
    }
  });

  it("is not open on an account's portal host", async () => {
    const response = await new ApiClient(laurel, null, `${harbour.admin.url}.laurel.test`).post('/api/auth', {
      email: holder,
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
  });
});

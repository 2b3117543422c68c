import { type LoginResponse, PORTAL_MESSAGES, type PortalList } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
type Issuer = Awaited<ReturnType<typeof storeAccount>> & { host: string; portal: ApiClient };
let acme: Issuer;
let other: Issuer;
/** A holder sent two certificates by acme and one by the other issuer. */
const holder = uniqueEmail('holder');
/** Another recipient of acme, in the same first project. */
const neighbour = uniqueEmail('neighbour');

async function issuer(name: string): Promise<Issuer> {
  const made = await storeAccount(laurel, { premium: true, name });
  const host = `${made.admin.url}.laurel.test`;
  return { ...made, host, portal: new ApiClient(laurel, null, host) };
}

async function portalUser(email: string, fields: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await laurel.context.db
    .insert(users)
    .values({ email, username: email, roles: [], confirmed_at: new Date(), password_hash: await hashPassword(GOOD_PASSWORD), ...fields })
    .returning();
  return user!;
}

async function signedIn(on: Issuer, email: string): Promise<ApiClient> {
  const client = new ApiClient(laurel, null, on.host);
  const response = await client.post('/api/auth-portal', { email, password: GOOD_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  client.token = response.json<LoginResponse>().token;
  return client;
}

async function holderRecipientId(accountId: number, title: string) {
  const rows = await laurel.context.db.select().from(recipients).where(eq(recipients.email, holder));
  const found = rows.find((r) => r.account_id === accountId && r.meta.COURSE === title);
  return found!.id;
}

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  acme = await issuer('Acme Sailing');
  other = await issuer('Other Harbour');
  const first = await saveProject(acme.admin.client, acme.setId, 'Spring', [
    { first: 'Hana', last: 'Holder', email: holder, course: 'Knots' },
    { first: 'Nia', last: 'Neighbour', email: neighbour, course: 'Knots' },
  ]);
  const second = await saveProject(acme.admin.client, acme.setId, 'Summer', [
    { first: 'Hana', last: 'Holder', email: holder, course: 'Radar' },
  ]);
  const elsewhere = await saveProject(other.admin.client, other.setId, 'Autumn', [
    { first: 'Hana', last: 'Holder', email: holder, course: 'Tides' },
  ]);
  await sendAndSettle(acme.admin.client, first);
  await sendAndSettle(acme.admin.client, second);
  await sendAndSettle(other.admin.client, elsewhere);
  await portalUser(holder);
}, 120_000);
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('GET /api/accounts/portal/account', () => {
  it("reads the host's account, branded once it has a logo, and closed while its plan has no portal", async () => {
    const plain = await acme.portal.get('/api/accounts/portal/account');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ id: acme.accountId, name: 'Acme Sailing', url: acme.admin.url, logo: null, branding: false });
    await laurel.context.db.update(accounts).set({ imagepath: '/api/files/logo.png' }).where(eq(accounts.id, acme.accountId));
    const branded = await new ApiClient(laurel).get(`/api/accounts/portal/account?host=${acme.host}`);
    expect(branded.json()).toMatchObject({ id: acme.accountId, logo: '/api/files/logo.png', branding: true });
    // docs/product/recipient-portal.md#who-may-do-what and 3 docs/product/recipient-portal.md#flows: the portal comes with a paid plan; a lapsed one shows the invalid-account screen.
    await laurel.context.db.update(accounts).set({ stripe_active: false }).where(eq(accounts.id, acme.accountId));
    const lapsed = await acme.portal.get('/api/accounts/portal/account');
    await laurel.context.db.update(accounts).set({ stripe_active: true, imagepath: null }).where(eq(accounts.id, acme.accountId));
    expect([lapsed.statusCode, errorOf(lapsed).error_type]).toEqual([404, 'invalid_account']);
    const signIn = await acme.portal.post('/api/auth-portal', { email: holder, password: GOOD_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers invalid_account for an unknown, a banned or the main host', async () => {
    for (const host of ['nobody-here.laurel.test', 'laurel.test']) {
      const response = await new ApiClient(laurel).get(`/api/accounts/portal/account?host=${host}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error_type).toBe('invalid_account');
    }
    const banned = await issuer('Banned Boats');
    await laurel.context.db.update(accounts).set({ is_banned: true }).where(eq(accounts.id, banned.accountId));
    expect(errorOf(await banned.portal.get('/api/accounts/portal/account')).error_type).toBe('invalid_account');
  });
});

describe('POST /api/auth-portal', () => {
  it('signs the holder in on the portal of an issuer that sent them a certificate', async () => {
    const response = await acme.portal.post('/api/auth-portal', { email: holder.toUpperCase(), password: GOOD_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<LoginResponse>()).toMatchObject({ location: '/portal/certificates', user: { email: holder } });
  });

  it('names each refusal with the error type the portal acts on', async () => {
    const stranger = uniqueEmail('stranger');
    const noCertificate = await acme.portal.post('/api/auth-portal', { email: stranger, password: GOOD_PASSWORD });
    expect([noCertificate.statusCode, errorOf(noCertificate).error_type]).toEqual([404, 'recipient_not_exists']);

    const noSignIn = await acme.portal.post('/api/auth-portal', { email: neighbour, password: GOOD_PASSWORD });
    expect([noSignIn.statusCode, errorOf(noSignIn).error_type]).toEqual([404, 'user_not_exists']);

    const wrong = await acme.portal.post('/api/auth-portal', { email: holder, password: 'not-the-password-1' });
    expect([wrong.statusCode, errorOf(wrong).error_type]).toEqual([401, 'wrong_credentials']);

    const bannedEmail = uniqueEmail('banned');
    const project = await saveProject(acme.admin.client, acme.setId, 'Banned course', [{ first: 'B', last: 'Anned', email: bannedEmail }]);
    await sendAndSettle(acme.admin.client, project);
    await portalUser(bannedEmail, { banned: true });
    const banned = await acme.portal.post('/api/auth-portal', { email: bannedEmail, password: GOOD_PASSWORD });
    expect([banned.statusCode, errorOf(banned).error_type]).toEqual([403, 'user_is_banned']);
  });

  it('refuses a holder on a portal of an issuer that did not send to them, and an unknown portal', async () => {
    const third = await issuer('Third Yard');
    const response = await third.portal.post('/api/auth-portal', { email: holder, password: GOOD_PASSWORD });
    expect(errorOf(response).error_type).toBe('recipient_not_exists');
    const unknown = await new ApiClient(laurel, null, 'nobody-here.laurel.test').post('/api/auth-portal', {
      email: holder,
      password: GOOD_PASSWORD,
    });
    expect([unknown.statusCode, errorOf(unknown).error_type]).toEqual([404, 'invalid_account']);
  });

  it('answers 429 after five wrong passwords from one source, as the main sign-in does', async () => {
    // Unknown addresses count too: the portal's answers cannot be harvested faster than passwords guessed.
    const client = new ApiClient(laurel, null, acme.host);
    const guessed = uniqueEmail('guessed');
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/api/auth-portal', { email: guessed, password: `wrong-password-${i}` });
      expect(response.statusCode).toBe(404);
    }
    const response = await client.post('/api/auth-portal', { email: guessed, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(429);
  });
});

describe('POST /api/first-time and GET /api/recipient-exists', () => {
  it('creates an unconfirmed sign-in named as the certificate names the recipient, and mails a link that sets the password and signs in', async () => {
    const exists = await acme.portal.get(`/api/recipient-exists/${encodeURIComponent(neighbour)}`);
    expect(exists.json()).toEqual({ exists: true, user_exists: false });

    // The recipient is not asked their name again: the certificate the account sent them says it.
    const response = await acme.portal.post('/api/first-time', { id: acme.accountId, email: neighbour });
    expect(response.statusCode, response.body).toBe(200);
    const [user] = await laurel.context.db.select().from(users).where(eq(users.email, neighbour));
    expect(user).toMatchObject({ roles: [], confirmed_at: null, password_hash: null, first_name: 'Nia', last_name: 'Neighbour' });

    const mail = await laurel.lastMailTo(neighbour);
    const link = /(http:\/\/\S+\/portal\/set-password\?code=([\w-]+))/.exec(mail.text);
    expect(link?.[1]).toContain(`${acme.admin.url}.laurel.test/portal/set-password?code=`);
    const set = await acme.portal.post('/api/users/confirm/password', {
      code: link![2],
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      accept_terms: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await acme.portal.get(`/api/recipient-exists/${encodeURIComponent(neighbour)}`)).json()).toEqual({
      exists: true,
      user_exists: true,
    });
    await signedIn(acme, neighbour);
  });

  it('answers 404 for an address the account never sent to, and 400 when a sign-in exists', async () => {
    const stranger = uniqueEmail('stranger');
    const none = await acme.portal.post('/api/first-time', { id: acme.accountId, email: stranger, first_name: 'S', last_name: 'T' });
    expect([none.statusCode, errorOf(none).error_type]).toEqual([404, 'recipient_not_exists']);
    expect((await acme.portal.get(`/api/recipient-exists/${encodeURIComponent(stranger)}`)).json().exists).toBe(false);
    const twice = await acme.portal.post('/api/first-time', { id: acme.accountId, email: holder, first_name: 'H', last_name: 'H' });
    expect([twice.statusCode, errorOf(twice).error_type]).toEqual([400, 'user_exists']);
  });

  it("refuses another account's id on a portal host", async () => {
    const response = await acme.portal.post('/api/first-time', { id: other.accountId, email: holder, first_name: 'H', last_name: 'H' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the certificate lists', () => {
  it("lists a signed-in holder's certificates of the host's account only, paged and searched", async () => {
    const client = await signedIn(acme, holder);
    const all = await client.get(`/api/portal/credentials/${encodeURIComponent(holder)}?limit=3`);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<PortalList>();
    expect(list.count).toBe(2);
    expect(list.certificates.map((c) => c.issuer)).toEqual(['Acme Sailing', 'Acme Sailing']);
    const first = list.certificates[0]!;
    expect(first).toMatchObject({ title: 'Seamanship', first_name: 'Hana', expired: '2030-12-31', memo: '' });
    expect(first.image_url).toMatch(/^http:\/\/laurel\.test\/api\/c\/[\w-]+\/image\.jpg\?width=1072$/);
    expect(first.public_url).toMatch(/^http:\/\/laurel\.test\/c\/[\w-]+$/);
    // Each card offers the PDF and, on a plan with LinkedIn (Basic), the add-to-profile link that counts the click.
    const token = first.public_url.split('/c/')[1]!;
    expect(first.pdf_url).toBe(`http://laurel.test/api/c/${token}/pdf`);
    expect(first.linkedin_url).toBe(`http://laurel.test/api/c/${token}/linkedin`);
    const image = await new ApiClient(laurel).get(first.image_url.replace('http://laurel.test', ''));
    expect(image.headers['content-type']).toBe('image/jpeg');

    const page = (await client.get(`/api/portal/credentials/${encodeURIComponent(holder)}?limit=1&offset=1`)).json<PortalList>();
    expect([page.count, page.certificates.length]).toEqual([2, 1]);
    const none = (await client.get(`/api/portal/credentials/${encodeURIComponent(holder)}?like=nothing-matches`)).json<PortalList>();
    expect(none.count).toBe(0);
  });

  it("refuses another address's list to a signed-in holder", async () => {
    const client = await signedIn(acme, holder);
    const response = await client.get(`/api/portal/credentials/${encodeURIComponent(neighbour)}`);
    expect(response.statusCode).toBe(403);
  });

  it('lists by email alone only where the account lets recipients skip the sign-in', async () => {
    const off = await acme.portal.get(`/api/recipient-portal/${encodeURIComponent(holder)}`);
    expect([off.statusCode, errorOf(off).error_type]).toEqual([403, 'not_allowed']);
    const byId = await new ApiClient(laurel).get(`/api/recipients/${acme.accountId}/projects/${encodeURIComponent(holder)}`);
    expect([byId.statusCode, errorOf(byId).error_type]).toEqual([403, 'not_allowed']);

    await laurel.context.db.update(accounts).set({ recipients_no_login: true }).where(eq(accounts.id, acme.accountId));
    try {
      const on = await acme.portal.get(`/api/recipient-portal/${encodeURIComponent(holder)}?like=radar`);
      expect(on.statusCode, on.body).toBe(200);
      // Searched in the names and titles: "Radar" is only in the data, so nothing; the set name finds both.
      expect(on.json<PortalList>().count).toBe(0);
      expect((await acme.portal.get(`/api/recipient-portal/${encodeURIComponent(holder)}?like=seaman`)).json<PortalList>().count).toBe(2);
      const again = await new ApiClient(laurel).get(`/api/recipients/${acme.accountId}/projects/${encodeURIComponent(holder)}`);
      expect(again.json<PortalList>().count).toBe(2);
    } finally {
      await laurel.context.db.update(accounts).set({ recipients_no_login: false }).where(eq(accounts.id, acme.accountId));
    }
  });
});

describe('POST /api/recipients/update-memo', () => {
  it('keeps the holder’s memo on their certificate and finds it by search', async () => {
    const client = await signedIn(acme, holder);
    const id = await holderRecipientId(acme.accountId, 'Knots');
    const response = await client.post('/api/recipients/update-memo', { recipient: { id, memo: 'Framed in the hall' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(PORTAL_MESSAGES.memoSaved);
    const found = (await client.get(`/api/portal/credentials/${encodeURIComponent(holder)}?like=hall`)).json<PortalList>();
    expect(found.certificates.map((c) => [c.id, c.memo])).toEqual([[id, 'Framed in the hall']]);
  });

  it("refuses someone else's certificate, a memo over 500 characters and a caller without a session", async () => {
    const client = await signedIn(acme, neighbour);
    const id = await holderRecipientId(acme.accountId, 'Knots');
    const foreign = await client.post('/api/recipients/update-memo', { recipient: { id, memo: 'mine now' } });
    expect(foreign.statusCode).toBe(404);
    const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, id));
    expect(row?.portal_memo).not.toBe('mine now');
    const own = (await laurel.context.db.select().from(recipients).where(eq(recipients.email, neighbour)))[0]!;
    const long = await client.post('/api/recipients/update-memo', { recipient: { id: own.id, memo: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    const anonymous = await new ApiClient(laurel, null, acme.host).post('/api/recipients/update-memo', { recipient: { id, memo: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/portal/certificates/:id/email', () => {
  it('emails the certificate to its holder again, three times an hour', async () => {
    const client = await signedIn(acme, holder);
    const id = await holderRecipientId(acme.accountId, 'Radar');
    const before = sink.messages.filter((m) => m.to && JSON.stringify(m.to).includes(holder)).length;
    for (let i = 0; i < 3; i++) {
      const response = await client.post(`/api/portal/certificates/${id}/email`, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(PORTAL_MESSAGES.emailSent);
      for (let wait = 0; wait < 100; wait++) {
        const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, id));
        if (row?.state === 'sent') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const fourth = await client.post(`/api/portal/certificates/${id}/email`, {});
    expect([fourth.statusCode, errorOf(fourth).error_type]).toEqual([429, 'resend_limit']);
    for (let wait = 0; wait < 100; wait++) {
      if (sink.messages.filter((m) => JSON.stringify(m.to).includes(holder)).length >= before + 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sink.messages.filter((m) => JSON.stringify(m.to).includes(holder)).length).toBe(before + 3);
    const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, id));
    expect(row?.resend_individual).toBe(0);
  });

  it("refuses someone else's certificate and, where recipients sign in, a caller without a session", async () => {
    const client = await signedIn(acme, neighbour);
    const id = await holderRecipientId(acme.accountId, 'Knots');
    expect((await client.post(`/api/portal/certificates/${id}/email`, {})).statusCode).toBe(404);
    const anonymous = await new ApiClient(laurel, null, acme.host).post(`/api/portal/certificates/${id}/email`, { email: holder });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("issuers' actions on portal sign-ins", () => {
  it('sets a password, confirms and deletes the sign-in of a recipient of the account', async () => {
    const email = uniqueEmail('managed');
    const project = await saveProject(acme.admin.client, acme.setId, 'Managed', [{ first: 'M', last: 'Anaged', email }]);
    await sendAndSettle(acme.admin.client, project);
    const user = await portalUser(email, { confirmed_at: null, password_hash: null });
    const [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.email, email));
    const login = await acme.admin.client.get(`/api/recipients/${recipient!.id}/portal-login`);
    expect(login.json()).toEqual({ user: { id: user.id, email, confirmed: false } });

    const newPassword = 'harbour-lights-at-dusk-7';
    const set = await acme.admin.client.post(`/api/accounts/password-change/${user.id}`, {
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(set.statusCode, set.body).toBe(200);
    const unconfirmed = await acme.portal.post('/api/auth-portal', { email, password: newPassword });
    expect(errorOf(unconfirmed).error_type).toBe('not_confirmed');

    expect((await acme.admin.client.post('/api/accounts/confirm-recipient-user', { user_id: user.id })).statusCode).toBe(200);
    expect((await acme.portal.post('/api/auth-portal', { email, password: newPassword })).statusCode).toBe(200);

    expect((await acme.admin.client.post('/api/accounts/delete-recipient-user', { user_id: user.id })).statusCode).toBe(200);
    expect(await laurel.context.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await laurel.context.db.select().from(recipients).where(eq(recipients.email, email))).toHaveLength(1);
  });

  it("answers 404 for another account's recipient and for a sign-in with roles", async () => {
    const [holderUser] = await laurel.context.db.select().from(users).where(eq(users.email, holder));
    const thirdAdmin = (await issuer('Fourth Wharf')).admin;
    for (const body of [{ user_id: holderUser!.id }, { user_id: acme.admin.user.id }]) {
      const confirm = await thirdAdmin.client.post('/api/accounts/confirm-recipient-user', body);
      expect(confirm.statusCode).toBe(404);
    }
    const ownAdmin = await acme.admin.client.post('/api/accounts/delete-recipient-user', { user_id: other.admin.user.id });
    expect(ownAdmin.statusCode).toBe(404);
    const password = await thirdAdmin.client.post(`/api/accounts/password-change/${holderUser!.id}`, {
      password: 'harbour-lights-at-dusk-7',
      password_confirmation: 'harbour-lights-at-dusk-7',
    });
    expect(password.statusCode).toBe(404);
    expect(await laurel.context.db.select().from(users).where(eq(users.id, holderUser!.id))).toHaveLength(1);
  });
});

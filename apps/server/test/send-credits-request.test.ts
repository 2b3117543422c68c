import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let sub: ApiClient;
let subEmail: string;

beforeAll(async () => {
  laurel = await startTestLaurel();
  admin = await registerConfirmedAdmin(laurel);
  subEmail = uniqueEmail('sender');
  await laurel.context.db.insert(users).values({
    account_id: admin.user.account!.id,
    email: subEmail,
    username: subEmail,
    first_name: 'Sam',
    last_name: 'Sender',
    roles: ['account_user'],
    confirmed_at: new Date(),
    password_hash: await hashPassword(GOOD_PASSWORD),
  });
  sub = new ApiClient(laurel);
  await sub.login(subEmail, GOOD_PASSWORD);
});
afterAll(async () => {
  await laurel?.close();
});

describe('POST /api/accounts/send-credits-request', () => {
  it('mails a sub-user’s request to the account admin and names them', async () => {
    const response = await sub.post('/api/accounts/send-credits-request', { requestedCredits: 40 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, admin_email: admin.email });
    const mail = await laurel.lastMailTo(admin.email);
    expect(mail.kind).toBe('credits_request');
    expect(mail.subject).toBe('Analytical Engines: 40 more credits requested');
    expect(mail.text).toContain(`Sam Sender (${subEmail}) asks for 40 more credits`);
    expect(mail.text).toContain('The account has 50 credits available now.');
    expect(mail.text).toContain('http://laurel.test/account/subscription');
    expect(mail.reply_to).toBe(subEmail);
  });

  it('asks for one credit when no number is given', async () => {
    expect((await sub.post('/api/accounts/send-credits-request', {})).statusCode).toBe(200);
    expect((await laurel.lastMailTo(admin.email)).subject).toBe('Analytical Engines: 1 more credit requested');
  });

  it('sends an account admin’s request to the super-admin', async () => {
    const response = await admin.client.post('/api/accounts/send-credits-request', { requestedCredits: 500 });
    expect(response.json().admin_email).toBe('root@laurel.test');
    const mail = await laurel.lastMailTo('root@laurel.test');
    expect(mail.subject).toBe('Analytical Engines: 500 more credits requested');
    expect(mail.text).toContain('http://laurel.test/credits');
  });

  it('refuses a number below one and a visitor without a session', async () => {
    const zero = await sub.post('/api/accounts/send-credits-request', { requestedCredits: 0 });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).errors[0]).toBe('Request at least 1 credit.');
    expect((await new ApiClient(laurel).post('/api/accounts/send-credits-request', { requestedCredits: 3 })).statusCode).toBe(401);
  });
});

import { COMMON_PASSWORD_MESSAGE, MESSAGES } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../src/db/schema.ts';
import { ApiClient, codeFromMail, errorOf, GOOD_PASSWORD, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

const uniqueUrl = () => `co${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    first_name: 'Grace',
    last_name: 'Hopper',
    opt_in: true,
    account_name: 'Compiler Academy',
    url: uniqueUrl(),
    category: 'Company Category',
    registration_source: 'homepage',
    ...overrides,
  };
}

describe('registration', () => {
  it('creates an unconfirmed admin and mails a confirmation link that sets the password', async () => {
    const client = new ApiClient(laurel);
    const body = registration({ email: 'Mixed.Case@Example.com'.replace('Mixed', `M${Date.now()}`) });
    const response = await client.post('/api/registration/account', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, location: '/register/success' });

    const email = body.email.toLowerCase();
    // No password is set before the link is followed: the sign-in answers as for any wrong password.
    const beforeConfirm = await client.login(email, GOOD_PASSWORD);
    expect(beforeConfirm.statusCode).toBe(401);
    expect(errorOf(beforeConfirm).error_type).toBe('wrong_password');

    const mail = await laurel.lastMailTo(email);
    expect(mail.subject).toBe('Confirm your Laurel account');
    expect(mail.html).toContain('Compiler Academy');
    const code = codeFromMail(mail.text, 'confirm');

    const check = await client.post('/api/confirm', { code });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ show_toc: true, email });

    const set = await client.post('/api/users/confirm/password', {
      code,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      accept_terms: true,
    });
    expect(set.statusCode).toBe(200);

    const login = await client.login(email, GOOD_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      require_action: null,
      location: '/dashboard',
      user: { email, roles: [{ name: 'account_admin' }] },
    });
    expect(login.json().user.account).toMatchObject({
      name: 'Compiler Academy',
      url: body.url,
      plan: { display_name: 'Free' },
      trial_days_remaining: 14,
    });

    const reuse = await client.post('/api/users/confirm/password', {
      code,
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
      accept_terms: true,
    });
    expect(reuse.statusCode).toBe(404);
    expect(errorOf(reuse)).toMatchObject({ error_type: 'invalid_link', redirect: '/?link=expired' });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', MESSAGES.invalidEmail],
    [{ email: 'a@b' }, 'email', MESSAGES.invalidEmail],
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ last_name: '  ' }, 'last_name', 'Last name is required.'],
    [{ account_name: 'a/b' }, 'account_name', 'The account name may not contain a slash or a backslash.'],
    [{ url: 'has/slash' }, 'url', 'The account URL may contain only lowercase letters, digits and hyphens.'],
    [{ url: 'www' }, 'url', 'This account URL is already taken.'],
    [{ promo_code: 'NOPE-123' }, 'promo_code', MESSAGES.invalidPromo],
  ])('refuses %j with error_type required on %s', async (overrides, field, message) => {
    const response = await new ApiClient(laurel).post('/api/registration/account', registration(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ error_type: 'required', field, errors: [message] });
  });

  it('refuses an address that already has an account with user_exist, and a taken URL', async () => {
    const client = new ApiClient(laurel);
    const first = registration();
    expect((await client.post('/api/registration/account', first)).statusCode).toBe(200);
    const again = await client.post('/api/registration/account', registration({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ error_type: 'user_exist', errors: [MESSAGES.userExists] });
    const sameUrl = await client.post('/api/registration/account', registration({ url: first.url }));
    expect(errorOf(sameUrl)).toMatchObject({ error_type: 'required', field: 'url' });
  });

  it('answers URL availability: taken, free, or invalid', async () => {
    const client = new ApiClient(laurel);
    const taken = registration();
    await client.post('/api/registration/account', taken);
    expect((await client.post('/api/registration/url', { url: taken.url })).json()).toEqual({ taken: true, problem: null });
    expect((await client.post('/api/registration/url', { url: uniqueUrl() })).json()).toEqual({ taken: false, problem: null });
    expect((await client.post('/api/registration/url', { url: 'a\\b' })).json().taken).toBe(true);
  });

  it('refuses weak or mismatched passwords and requires the terms, without using up the link', async () => {
    const client = new ApiClient(laurel);
    const body = registration();
    await client.post('/api/registration/account', body);
    const code = codeFromMail((await laurel.lastMailTo(body.email)).text, 'confirm');
    const attempt = (password: string, confirmation = password, terms = true) =>
      client.post('/api/users/confirm/password', { code, password, password_confirmation: confirmation, accept_terms: terms });

    expect(errorOf(await attempt('short')).errors[0]).toBe('Password must be at least 8 characters.');
    expect(errorOf(await attempt('password123')).errors[0]).toBe(COMMON_PASSWORD_MESSAGE);
    expect(errorOf(await attempt(GOOD_PASSWORD, 'something else')).errors[0]).toBe('The passwords do not match.');
    expect(errorOf(await attempt(GOOD_PASSWORD, GOOD_PASSWORD, false)).field).toBe('accept_terms');
    expect((await attempt(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('sends an invalid confirmation link to /?link=expired', async () => {
    const response = await new ApiClient(laurel).post('/api/confirm', { code: 'x'.repeat(43) });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).redirect).toBe('/?link=expired');
  });

  it('checks promo codes and applies a valid one', async () => {
    await laurel.context.db.insert(promoCodes).values({ name: 'Launch', promo_value: 'LAUNCH-ABC', type: 'percentage', amount: 20 });
    const client = new ApiClient(laurel);
    const check = await client.get('/api/promo-codes/check?promo-code=launch-abc&type[]=percentage');
    expect(check.json()).toMatchObject({ success: true, amount: 20 });
    const wrongType = await client.get('/api/promo-codes/check?promo-code=launch-abc&type[]=first-time-registering');
    expect(wrongType.json()).toEqual({ success: false, message: MESSAGES.invalidPromo });
    const registered = await client.post('/api/registration/account', registration({ promo_code: 'launch-abc' }));
    expect(registered.statusCode).toBe(200);
  });
});

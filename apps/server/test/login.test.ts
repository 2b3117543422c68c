import { MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, codeFromMail, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

describe('sign-in', () => {
  it('needs the form CSRF token', async () => {
    const { email } = await registerConfirmedAdmin(laurel);
    const client = new ApiClient(laurel);
    const noToken = await client.post('/api/auth', { email, password: GOOD_PASSWORD });
    expect(noToken.statusCode).toBe(400);
    expect(errorOf(noToken)).toMatchObject({ error_type: 'csrf', errors: [MESSAGES.csrf] });
    const forged = await client.post('/api/auth', { email, password: GOOD_PASSWORD, csrf_token: '1.2.3' });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses a wrong password with the spec message and a case-different email still signs in', async () => {
    const { email } = await registerConfirmedAdmin(laurel);
    const wrong = await new ApiClient(laurel).login(email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({ error_type: 'wrong_password', errors: [MESSAGES.wrongCredentials] });
    const unknown = await new ApiClient(laurel).login(uniqueEmail(), GOOD_PASSWORD);
    expect(errorOf(unknown).errors[0]).toBe(MESSAGES.wrongCredentials);
    expect((await new ApiClient(laurel).login(email.toUpperCase(), GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 429 to a source after 5 failures for one address from it, even with the right password', async () => {
    const { email } = await registerConfirmedAdmin(laurel);
    const source = new ApiClient(laurel, null, 'laurel.test', '10.98.0.1');
    for (let i = 0; i < 5; i++) expect((await source.login(email, `wrong-${i}-password`)).statusCode).toBe(401);
    const blocked = await source.login(email, GOOD_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).errors[0]).toBe('Too many attempts. Try again in few minutes.');
  });

  it.each([
    ['an account admin', 'account_admin'],
    ['a super-admin', 'global_admin'],
  ])('lets %s in from elsewhere while strangers guess: the right password plus an emailed code', async (_who, role) => {
    const { email, user } = await registerConfirmedAdmin(laurel);
    await laurel.context.db
      .update(users)
      .set({ roles: [role] })
      .where(eq(users.id, user.id));
    // Five strangers, one wrong password each: the old rule locked the owner out for 15 minutes.
    for (let i = 0; i < 5; i++) {
      const stranger = new ApiClient(laurel, null, 'laurel.test', `10.97.${i}.1`);
      expect((await stranger.login(email, `guess-${i}-password`)).statusCode).toBe(401);
    }
    const owner = new ApiClient(laurel, null, 'laurel.test', '10.96.0.1');
    const challenged = await owner.login(email, GOOD_PASSWORD);
    expect(challenged.statusCode).toBe(200);
    expect(challenged.json()).toMatchObject({ token: null, require_action: 'email2fa' });
    expect(owner.token).toBeNull();
    const mail = await laurel.lastMailTo(email);
    expect(mail.kind).toBe('sign_in_code');
    const code = /code is (\d{6})/.exec(mail.text)![1]!;

    // A stranger who guessed the password still needs the code.
    const guesser = new ApiClient(laurel, null, 'laurel.test', '10.97.9.9');
    expect((await guesser.login(email, GOOD_PASSWORD)).json().require_action).toBe('email2fa');
    const wrongCode = await guesser.login(email, GOOD_PASSWORD, { email_code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.statusCode).toBe(401);
    expect(errorOf(wrongCode)).toMatchObject({ error_type: 'wrong_code', errors: ['Wrong confirmation code.'] });

    // The guesser's second sign-in sent a new code: the owner asks again and uses the latest.
    expect((await owner.post('/api/users/send-2fa-confirmation-code', { login: { email, password: GOOD_PASSWORD } })).statusCode).toBe(200);
    const latest = /code is (\d{6})/.exec((await laurel.lastMailTo(email)).text)![1]!;
    const signedIn = await owner.login(email, GOOD_PASSWORD, { email_code: latest });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ require_action: null, user: { email } });
    expect((await owner.get('/api/auth/current')).statusCode).toBe(200);
    // A code works once.
    expect(
      (await new ApiClient(laurel, null, 'laurel.test', '10.96.0.1').login(email, GOOD_PASSWORD, { email_code: latest })).statusCode,
    ).toBe(200);
  });

  it('answers an unconfirmed address as any wrong password, and names the state only to the right one', async () => {
    const email = uniqueEmail('unconfirmed');
    await laurel.context.db.insert(users).values({ email, username: email, roles: ['account_admin'] });
    const noPassword = await new ApiClient(laurel).login(email, 'whatever-it-is');
    expect(noPassword.statusCode).toBe(401);
    expect(errorOf(noPassword)).toMatchObject({ error_type: 'wrong_password', errors: [MESSAGES.wrongCredentials] });

    const withPassword = uniqueEmail('unconfirmed');
    await laurel.context.db
      .insert(users)
      .values({ email: withPassword, username: withPassword, roles: ['account_admin'], password_hash: await hashPassword(GOOD_PASSWORD) });
    expect(errorOf(await new ApiClient(laurel).login(withPassword, 'not-the-password')).error_type).toBe('wrong_password');
    expect(errorOf(await new ApiClient(laurel).login(withPassword, GOOD_PASSWORD)).error_type).toBe('not_confirmed');
  });

  it('answers 429 after 20 failures from one IP across addresses', async () => {
    const client = new ApiClient(laurel, null, 'laurel.test', '10.99.99.99');
    for (let i = 0; i < 20; i++) expect((await client.login(uniqueEmail(), 'whatever-password')).statusCode).toBe(401);
    expect((await client.login(uniqueEmail(), 'whatever-password')).statusCode).toBe(429);
  });

  it('refuses banned and deactivated users', async () => {
    const banned = await registerConfirmedAdmin(laurel);
    await laurel.context.db.update(users).set({ banned: true }).where(eq(users.email, banned.email));
    expect(errorOf(await new ApiClient(laurel).login(banned.email, GOOD_PASSWORD)).error_type).toBe('user_is_banned');
    // The ban also ends the sessions already open.
    expect((await banned.client.get('/api/auth/current')).statusCode).toBe(401);

    const inactive = await registerConfirmedAdmin(laurel);
    await laurel.context.db.update(users).set({ active: false }).where(eq(users.email, inactive.email));
    expect(errorOf(await new ApiClient(laurel).login(inactive.email, GOOD_PASSWORD)).error_type).toBe('inactive');
  });

  it('tells the client whether this is the first sign-in ever, so a new user is greeted, not welcomed back', async () => {
    const email = uniqueEmail('first');
    await laurel.context.db.insert(users).values({
      email,
      username: email,
      roles: ['account_admin'],
      confirmed_at: new Date(),
      password_hash: await hashPassword(GOOD_PASSWORD),
    });
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD)).json().first_sign_in).toBe(true);
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD)).json().first_sign_in).toBe(false);
  });

  it('signs out: the token stops working', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    expect((await client.get('/api/auth/current')).statusCode).toBe(200);
    expect((await client.delete('/api/auth/current')).statusCode).toBe(200);
    const after = await client.get('/api/auth/current');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).error_type).toBe('unauthenticated');
  });

  it('sends each role to its landing page', async () => {
    const admin = await new ApiClient(laurel).login('root@laurel.test', 'correct horse battery staple');
    expect(admin.json()).toMatchObject({ location: '/dashboard', user: { roles: [{ name: 'global_admin' }] } });

    const { user } = await registerConfirmedAdmin(laurel);
    const addSubUser = async (flags: Partial<typeof users.$inferInsert>) => {
      const email = uniqueEmail('sub');
      await laurel.context.db.insert(users).values({
        account_id: user.account!.id,
        email,
        username: email,
        roles: ['account_user'],
        confirmed_at: new Date(),
        password_hash: await hashPassword(GOOD_PASSWORD),
        ...flags,
      });
      return (await new ApiClient(laurel).login(email, GOOD_PASSWORD)).json().location;
    };
    expect(await addSubUser({ allow_certificate_set_edits: true })).toBe('/build');
    expect(await addSubUser({ allow_certificate_email_edits: true })).toBe('/build');
    expect(await addSubUser({})).toBe('/send');

    const portalEmail = uniqueEmail('recipient');
    await laurel.context.db.insert(users).values({
      email: portalEmail,
      username: portalEmail,
      roles: [],
      confirmed_at: new Date(),
      password_hash: await hashPassword(GOOD_PASSWORD),
    });
    expect((await new ApiClient(laurel).login(portalEmail, GOOD_PASSWORD)).json().location).toBe('/register');
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link; the new password works, the old one and old sessions do not', async () => {
    const { client: oldSession, email } = await registerConfirmedAdmin(laurel);
    const anonymous = new ApiClient(laurel);
    expect((await anonymous.post('/api/forgot', { email })).json()).toEqual({ success: true });
    const mail = await laurel.lastMailTo(email);
    expect(mail.kind).toBe('reset');
    const code = codeFromMail(mail.text, 'reset');
    expect((await anonymous.post('/api/reset/check', { code })).json()).toEqual({ show_toc: false, email });

    const newPassword = 'amber-harbour-quill-77';
    expect((await anonymous.post('/api/reset', { code, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(200);
    expect((await oldSession.get('/api/auth/current')).statusCode).toBe(401);
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await new ApiClient(laurel).login(email, newPassword)).statusCode).toBe(200);
    expect((await anonymous.post('/api/reset', { code, password: newPassword, password_confirmation: newPassword })).statusCode).toBe(404);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    expect((await new ApiClient(laurel).post('/api/forgot', { email })).json()).toEqual({ success: true });
    expect(await laurel.mailsTo(email)).toEqual([]);
  });

  it('a reset link also confirms an account that was never confirmed', async () => {
    const client = new ApiClient(laurel);
    const email = uniqueEmail();
    await client.post('/api/registration/account', {
      email,
      first_name: 'A',
      last_name: 'B',
      account_name: 'Reset Co',
      url: `r${Date.now()}`,
    });
    await laurel.lastMailTo(email);
    await client.post('/api/forgot', { email });
    const code = codeFromMail((await laurel.lastMailTo(email)).text, 'reset');
    await client.post('/api/reset', { code, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect((await client.login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("a new reset link ends the user's earlier ones, not their confirmation link nor other users' links", async () => {
    const client = new ApiClient(laurel);
    const email = uniqueEmail();
    await client.post('/api/registration/account', {
      email,
      first_name: 'A',
      last_name: 'B',
      account_name: 'Twice Co',
      url: `t${Date.now()}`,
    });
    const confirmCode = codeFromMail((await laurel.lastMailTo(email)).text, 'confirm');
    const { email: otherEmail } = await registerConfirmedAdmin(laurel);
    await client.post('/api/forgot', { email: otherEmail });
    const otherCode = codeFromMail((await laurel.lastMailTo(otherEmail)).text, 'reset');

    await client.post('/api/forgot', { email });
    await client.post('/api/forgot', { email });
    const resetMails = (await laurel.mailsTo(email)).filter((m) => m.kind === 'reset').sort((a, b) => a.id - b.id);
    expect(resetMails).toHaveLength(2);
    const [first, second] = resetMails.map((m) => codeFromMail(m.text, 'reset'));

    const firstCheck = await client.post('/api/reset/check', { code: first });
    expect(firstCheck.statusCode).toBe(404);
    expect(errorOf(firstCheck)).toMatchObject({ error_type: 'invalid_link', errors: [MESSAGES.invalidLink] });
    const firstUse = await client.post('/api/reset', { code: first, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect(firstUse.statusCode).toBe(404);
    expect(errorOf(firstUse)).toMatchObject({ error_type: 'invalid_link', errors: [MESSAGES.invalidLink] });

    expect((await client.post('/api/confirm', { code: confirmCode })).json()).toEqual({ show_toc: true, email });
    expect((await client.post('/api/reset/check', { code: otherCode })).json()).toEqual({ show_toc: false, email: otherEmail });
    expect((await client.post('/api/reset/check', { code: second })).json()).toEqual({ show_toc: false, email });
    expect(
      (await client.post('/api/reset', { code: second, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await client.login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('answers a malformed body with 400 and the error shape, not a crash', async () => {
    const client = new ApiClient(laurel);
    const missing = await client.post('/api/auth', { email: 'a@b.co' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errors).toHaveLength(1);
    const notJson = await laurel.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors[0]).toBe('The request body is not valid JSON');
    const unknownApi = await client.get('/api/does-not-exist');
    expect(unknownApi.statusCode).toBe(404);
  });
});

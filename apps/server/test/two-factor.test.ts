import { type EnableTwoFactorReply, TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH, type TwoFactorKey, type UserDto } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, twoFactorRecoveryCodes, users } from '../src/db/schema.ts';
import { decryptSecret, encryptSecret } from '../src/secrets.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { subUser } from './helpers/store-fixtures.ts';
import { totpAt, totpCode } from './helpers/totp.ts';

const clock = new ManualClock();
let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
});
afterAll(async () => {
  await laurel?.close();
});

/** The next 30-second step: a code of the step just used is refused, by design. */
const nextStep = () => clock.advance(30_000);

async function enrol(client: ApiClient) {
  const keyReply = await client.post('/api/users/google-2fa-key');
  expect(keyReply.statusCode, keyReply.body).toBe(200);
  const { key } = keyReply.json<TwoFactorKey>();
  const enabled = await client.post('/api/users/enable-google-2fa', { pin_code: totpCode(key, clock.now()) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { key, recoveryCodes: enabled.json<EnableTwoFactorReply>().recovery_codes };
}

async function auditActions(userId: number) {
  const rows = await laurel.context.db.select().from(auditLog).where(eq(auditLog.user_id, userId));
  return rows.map((row) => ({ action: row.action, details: row.details }));
}

const mailedCode = async (email: string) => /code is (\d{6})/.exec((await laurel.lastMailTo(email)).text)![1]!;

describe('the test TOTP', () => {
  it('gives the RFC 6238 SHA-1 test vectors', () => {
    const key = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of vectors) expect(totpAt(key, seconds, 8)).toBe(code);
  });
});

describe('stored secrets', () => {
  it('are AES-GCM sealed to their context and the app secret', () => {
    const sealed = encryptSecret('app-secret', 'JBSWY3DPEHPK3PXP', 'totp:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret('app-secret', sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret('app-secret', sealed, 'totp:2')).toThrow();
    expect(() => decryptSecret('other-secret', sealed, 'totp:1')).toThrow();
  });
});

describe('two-factor enrolment', () => {
  it('hands out a key and QR code, refuses a wrong PIN, then turns on with recovery codes, audited', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    expect(user.require_google_2fa).toBe(false);

    const keyReply = await client.post('/api/users/google-2fa-key');
    expect(keyReply.statusCode).toBe(200);
    const { key, qr_code } = keyReply.json<TwoFactorKey>();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    const [pending] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
    expect(pending!.two_factor_pending_secret).toBeTruthy();
    expect(pending!.two_factor_pending_secret).not.toContain(key);

    const right = totpCode(key, clock.now());
    const wrong = await client.post('/api/users/enable-google-2fa', { pin_code: right === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).errors).toEqual(['Wrong pin code']);
    expect((await client.get('/api/auth/current')).json<UserDto>().require_google_2fa).toBe(false);

    const enabled = await client.post('/api/users/enable-google-2fa', { pin_code: right });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const reply = enabled.json<EnableTwoFactorReply>();
    expect(reply.pin_ok).toBe(true);
    expect(reply.recovery_codes).toHaveLength(10);
    expect(new Set(reply.recovery_codes).size).toBe(10);
    expect((await client.get('/api/auth/current')).json<UserDto>().require_google_2fa).toBe(true);

    // Only hashes of the recovery codes are kept, and the key only encrypted.
    const stored = await laurel.context.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, user.id));
    expect(stored).toHaveLength(10);
    for (const code of reply.recovery_codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.two_factor_secret).not.toContain(key);
    expect(row!.two_factor_pending_secret).toBeNull();

    // A second enrolment while on is refused.
    expect((await client.post('/api/users/google-2fa-key')).statusCode).toBe(400);
    expect((await auditActions(user.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['two_factor.key_issued', 'two_factor.enabled']),
    );
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the PIN after the right password, signs in with it, and refuses the same code again', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    const { key } = await enrol(client);
    nextStep();

    const owner = new ApiClient(laurel);
    const challenged = await owner.login(email, GOOD_PASSWORD);
    expect(challenged.statusCode).toBe(200);
    expect(challenged.json()).toMatchObject({ token: null, require_action: 'google2fa', message: TWO_FACTOR_MESSAGES.challenge });
    expect(owner.token).toBeNull();
    // The wrong password is still a wrong password, with or without a PIN.
    expect((await owner.login(email, 'not the password', { pin_code: totpCode(key, clock.now()) })).statusCode).toBe(401);

    const code = totpCode(key, clock.now());
    const signedIn = await owner.login(email, GOOD_PASSWORD, { pin_code: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ require_action: null, user: { require_google_2fa: true }, location: '/dashboard' });
    expect((await owner.get('/api/auth/current')).statusCode).toBe(200);

    // Someone who saw the code cannot use it in the rest of its window.
    const replay = await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: code });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toMatchObject({ error_type: 'google2fa_error', errors: ['Wrong pin code'] });

    // The next step's code works; an app whose clock is a step behind is accepted too.
    nextStep();
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: totpCode(key, clock.now()) })).statusCode).toBe(200);
    clock.advance(60_000);
    const behind = totpCode(key, new Date(clock.now().getTime() - 30_000));
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: behind })).statusCode).toBe(200);
    expect((await auditActions(user.id)).filter((a) => a.action === 'auth.login').at(-1)?.details).toEqual({ second_factor: 'totp' });
  });

  it('takes each recovery code once', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    const { recoveryCodes } = await enrol(client);
    const recovery = recoveryCodes[3]!;
    const first = await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: recovery.toLowerCase() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: recovery });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).errors).toEqual(['Wrong pin code']);
    // The others still work.
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: recoveryCodes[4]! })).statusCode).toBe(200);
    const logins = (await auditActions(user.id)).filter((a) => a.action === 'auth.login');
    expect(logins.at(-1)?.details).toEqual({ second_factor: 'recovery_code' });
  });

  it('counts wrong PINs: 5 within 15 minutes answer 429, even to the right code', async () => {
    const { client, email } = await registerConfirmedAdmin(laurel);
    const { key } = await enrol(client);
    nextStep();
    const right = totpCode(key, clock.now());
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const attempt = await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: wrong });
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: right });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).error_type).toBe('too_many_attempts');
    clock.advance(15 * 60_000 + 1000);
    expect((await new ApiClient(laurel).login(email, GOOD_PASSWORD, { pin_code: totpCode(key, clock.now()) })).statusCode).toBe(200);
  });

  it('signs in with an emailed code instead of the PIN when asked', async () => {
    const { client, email } = await registerConfirmedAdmin(laurel);
    await enrol(client);
    const owner = new ApiClient(laurel);
    expect((await owner.login(email, GOOD_PASSWORD)).json().require_action).toBe('google2fa');
    expect((await owner.post('/api/users/send-2fa-confirmation-code', { login: { email, password: GOOD_PASSWORD } })).statusCode).toBe(200);
    const mail = await laurel.lastMailTo(email);
    expect(mail.text).toContain('instead of the code from your authenticator app');
    const signedIn = await owner.login(email, GOOD_PASSWORD, { email_code: await mailedCode(email) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(owner.token).toBeTruthy();
  });

  it('takes the PIN alone when the address is under attack', async () => {
    const { client, email } = await registerConfirmedAdmin(laurel);
    const { key } = await enrol(client);
    nextStep();
    for (let i = 0; i < 5; i++) {
      expect((await new ApiClient(laurel, null, 'laurel.test', `10.95.${i}.1`).login(email, `guess-${i}-password`)).statusCode).toBe(401);
    }
    const mailsBefore = (await laurel.mailsTo(email)).length;
    const owner = new ApiClient(laurel, null, 'laurel.test', '10.94.0.1');
    expect((await owner.login(email, GOOD_PASSWORD)).json().require_action).toBe('google2fa');
    const signedIn = await owner.login(email, GOOD_PASSWORD, { pin_code: totpCode(key, clock.now()) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await laurel.mailsTo(email)).length).toBe(mailsBefore);
  });
});

describe('turning two-factor off', () => {
  it('takes a PIN, then the password alone signs in again', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    const { key } = await enrol(client);
    nextStep();
    const wrong = await client.post('/api/users/disable-google-2fa', {
      pin_code: '000000' === totpCode(key, clock.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).errors).toEqual(['Wrong pin code']);
    const off = await client.post('/api/users/disable-google-2fa', { pin_code: totpCode(key, clock.now()) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ success: true, message: TWO_FACTOR_MESSAGES.disabled });
    expect((await client.get('/api/auth/current')).json<UserDto>().require_google_2fa).toBe(false);
    const plain = await new ApiClient(laurel).login(email, GOOD_PASSWORD);
    expect(plain.json()).toMatchObject({ require_action: null });
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null });
    expect(await laurel.context.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, user.id))).toEqual([]);
    expect((await auditActions(user.id)).find((a) => a.action === 'two_factor.disabled')?.details).toEqual({ with: 'totp' });
  });

  it('takes the emailed confirmation code with with_email', async () => {
    const { client, email, user } = await registerConfirmedAdmin(laurel);
    await enrol(client);
    const sent = await client.post('/api/users/send-disable-2fa-confirmation-code');
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await laurel.lastMailTo(email);
    expect(mail.kind).toBe('two_factor_disable_code');
    const code = await mailedCode(email);
    // The mailed code is not an app code: without with_email it is refused.
    expect((await client.post('/api/users/disable-google-2fa', { pin_code: code })).statusCode).toBe(400);
    const off = await client.post('/api/users/disable-google-2fa', { pin_code: code, with_email: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((await client.get('/api/auth/current')).json<UserDto>().require_google_2fa).toBe(false);
    expect((await auditActions(user.id)).find((a) => a.action === 'two_factor.disabled')?.details).toEqual({ with: 'email' });
    // Off already: no second code.
    expect((await client.post('/api/users/send-disable-2fa-confirmation-code')).statusCode).toBe(400);
  });
});

describe("the account's two-factor requirement", () => {
  it('is set by the account admin, who must have two-factor on first', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const policy = (client: ApiClient, id: number, on: boolean) =>
      client.call('PUT', `/api/accounts/${id}/two-factor-policy`, { require_two_factor: on });

    const tooSoon = await policy(admin.client, accountId, true);
    expect(tooSoon.statusCode).toBe(400);
    expect(errorOf(tooSoon).errors).toEqual([TWO_FACTOR_MESSAGES.enableYourselfFirst]);
    await enrol(admin.client);
    const set = await policy(admin.client, accountId, true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ require_two_factor: true });
    expect((await admin.client.get('/api/auth/current')).json<UserDto>().account?.require_two_factor).toBe(true);

    // Not another account's, not a sub-user's to change.
    const other = await registerConfirmedAdmin(laurel);
    expect((await policy(other.client, accountId, false)).statusCode).toBe(404);
    const sub = await subUser(laurel, other.user.account!.id);
    expect((await policy(sub.client, other.user.account!.id, false)).statusCode).toBe(403);

    const audited = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.account_id, accountId), eq(auditLog.action, 'two_factor.policy')));
    expect(audited.map((row) => row.details)).toEqual([{ require_two_factor: true }]);
  });

  it('limits a user without two-factor to enrolling until they turn it on', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    await enrol(admin.client);
    expect((await admin.client.call('PUT', `/api/accounts/${accountId}/two-factor-policy`, { require_two_factor: true })).statusCode).toBe(
      200,
    );

    // The sub-user signs in with the password alone and is sent to the two-factor screen.
    const sub = new ApiClient(laurel);
    const { email } = await subUser(laurel, accountId);
    const login = await sub.login(email, GOOD_PASSWORD);
    expect(login.json()).toMatchObject({ location: TWO_FACTOR_PATH, user: { two_factor_setup_required: true } });

    const blocked = await sub.get('/api/projects');
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked)).toMatchObject({ error_type: 'two_factor_required', redirect: TWO_FACTOR_PATH });
    expect((await sub.get('/api/auth/current')).statusCode).toBe(200);
    // Other users of the account who have it on are not limited.
    expect((await admin.client.get('/api/projects')).statusCode).toBe(200);

    await enrol(sub);
    expect((await sub.get('/api/projects')).statusCode).toBe(200);
    expect((await sub.get('/api/auth/current')).json<UserDto>().two_factor_setup_required).toBe(false);

    // Turning it off under the requirement limits the session again at once.
    nextStep();
    const [row] = await laurel.context.db.select().from(users).where(eq(users.email, email));
    const key = decryptSecret(laurel.context.secret, row!.two_factor_secret!, `totp:${row!.id}`);
    expect((await sub.post('/api/users/disable-google-2fa', { pin_code: totpCode(key, clock.now()) })).statusCode).toBe(200);
    expect((await sub.get('/api/projects')).statusCode).toBe(403);

    // The admin lifts the requirement: the sub-user works again without two-factor.
    expect((await admin.client.call('PUT', `/api/accounts/${accountId}/two-factor-policy`, { require_two_factor: false })).statusCode).toBe(
      200,
    );
    expect((await sub.get('/api/projects')).statusCode).toBe(200);
  });
});

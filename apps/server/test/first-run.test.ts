import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PasswordSetReply, UserDto } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { ApiClient, codeFromMail, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

/** Registers through the API as the form does, and returns the code of the mailed confirmation link. */
async function register(extra: Record<string, unknown>): Promise<{ email: string; code: string }> {
  const email = uniqueEmail('first');
  const response = await new ApiClient(laurel).post('/api/registration/account', {
    email,
    first_name: 'Mina',
    last_name: 'Okafor',
    account_name: 'Lagos Sailing Club',
    url: `ls${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, code: codeFromMail((await laurel.lastMailTo(email)).text, 'confirm') };
}

const setPassword = (client: ApiClient, code: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/users/confirm/password', { code, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, ...extra });

describe('the terms of service are accepted once', () => {
  it('accepted on the registration form, the confirmation link does not ask again', async () => {
    const { email, code } = await register({ accept_terms: true });
    const client = new ApiClient(laurel);
    expect((await client.post('/api/confirm', { code })).json()).toEqual({ show_toc: false, email });
    const set = await setPassword(client, code);
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await laurel.context.db.select().from(users).where(eq(users.email, email));
    expect(row!.terms_accepted_at).toBeInstanceOf(Date);
  });

  it('not accepted yet, the confirmation link asks for them and records them', async () => {
    const { email, code } = await register({});
    const client = new ApiClient(laurel);
    expect((await client.post('/api/confirm', { code })).json()).toEqual({ show_toc: true, email });
    expect(errorOf(await setPassword(client, code)).field).toBe('accept_terms');
    expect((await setPassword(client, code, { accept_terms: true })).statusCode).toBe(200);
    const [row] = await laurel.context.db.select().from(users).where(eq(users.email, email));
    expect(row!.terms_accepted_at).toBeInstanceOf(Date);
  });
});

describe('setting the password signs the user in', () => {
  it('confirming a new account hands back a first session that lands on the dashboard', async () => {
    const { email, code } = await register({ accept_terms: true });
    const set = await setPassword(new ApiClient(laurel), code);
    expect(set.statusCode, set.body).toBe(200);
    const reply = set.json<PasswordSetReply>();
    expect(reply.session).toMatchObject({ require_action: null, location: '/dashboard', first_sign_in: true, user: { email } });
    const signedIn = new ApiClient(laurel, reply.session!.token);
    const current = await signedIn.get('/api/auth/current');
    expect(current.statusCode).toBe(200);
    expect(current.json<UserDto>().email).toBe(email);
  });

  it('a reset link signs in too, but not past a second factor the link does not prove', async () => {
    const { email, code } = await register({ accept_terms: true });
    const client = new ApiClient(laurel);
    await setPassword(client, code);
    await client.post('/api/forgot', { email });
    const reset = codeFromMail((await laurel.lastMailTo(email)).text, 'reset');
    const newPassword = 'harbour-lantern-compass-77';
    const plain = await client.post('/api/reset', { code: reset, password: newPassword, password_confirmation: newPassword });
    expect(plain.json<PasswordSetReply>().session).toMatchObject({ first_sign_in: false, user: { email } });

    await laurel.context.db.update(users).set({ two_factor_enabled_at: new Date() }).where(eq(users.email, email));
    await client.post('/api/forgot', { email });
    const second = codeFromMail((await laurel.lastMailTo(email)).text, 'reset');
    const guarded = await client.post('/api/reset', { code: second, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
    expect(guarded.statusCode, guarded.body).toBe(200);
    expect(guarded.json()).toEqual({ success: true, session: null });
  });
});

describe("the builder's preview needs no save first", () => {
  it('draws the design as sent, unsaved, with Alex Morgan when asked for sample data', async () => {
    const owner = await storeAccount(laurel);
    const unsaved = {
      format: 'Letter',
      is_portrait: false,
      elements: [
        { type: 'text', content: 'Unsaved heading', styles: { left: '70px', top: '60px', width: '500px', 'font-size': '30px' } },
        { type: 'name', content: '[FIRST NAME] [LAST NAME]', styles: { left: '35px', top: '200px', width: '570px', 'font-size': '28px' } },
        { type: 'dynamicText', content: 'for [COURSE]', styles: { left: '120px', top: '260px', width: '400px' } },
      ],
      back_side_elements: [],
    };
    const client = owner.admin.client;
    const plain = await client.post(`/api/certificates/${owner.setId}/draft-pdf`, { design: unsaved });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toBe('application/pdf');
    const plainText = pdfText(plain.rawPayload);
    expect(plainText).toContain('Unsaved heading');
    expect(plainText).toContain('[FIRST NAME] [LAST NAME]');

    const sample = await client.post(`/api/certificates/${owner.setId}/draft-pdf`, { design: unsaved, sample: true });
    const sampleText = pdfText(sample.rawPayload);
    expect(sampleText).toContain('Alex Morgan');
    expect(sampleText).toContain('for Advanced Navigation');
    expect(sampleText).not.toContain('[FIRST NAME]');

    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.post(`/api/certificates/${owner.setId}/draft-pdf`, { design: unsaved })).statusCode).toBe(404);
  });
});

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'draft-pdf-'));
  const file = join(dir, 'preview.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
}

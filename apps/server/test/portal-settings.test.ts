import { DEFAULT_PORTAL_SETTINGS, PORTAL_SETTINGS_MESSAGES as M, type PortalSettings, upgradeMessage } from '@laurel/domain';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/** Portal settings (docs/product/recipient-portal.md): saving, the plan gate, the rules, the support-email code, the background. */

const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
});
afterAll(async () => {
  await laurel?.close();
});

async function enterpriseAdmin() {
  const admin = await registerConfirmedAdmin(laurel);
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' })
    .where(eq(accounts.id, admin.user.account!.id));
  return admin;
}

const settings = (change: (s: PortalSettings) => void = () => undefined): PortalSettings => {
  const s = structuredClone(DEFAULT_PORTAL_SETTINGS);
  change(s);
  return s;
};

const save = (client: ApiClient, s: PortalSettings) => client.post('/api/accounts/portal-settings', { portal_settings: s });

async function mailedCode(address: string): Promise<string> {
  const mail = await laurel.lastMailTo(address);
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

async function png(): Promise<Buffer> {
  const canvas = createCanvas(40, 20);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2f4a2a';
  ctx.fillRect(0, 0, 40, 20);
  return canvas.encode('png');
}

describe('portal settings', () => {
  it('reads the defaults, saves, and the portal reads what was saved', async () => {
    const { client, user, url } = await enterpriseAdmin();
    const first = await client.get('/api/accounts/portal-settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ portal_settings: DEFAULT_PORTAL_SETTINGS, customisable: true });
    expect(DEFAULT_PORTAL_SETTINGS.login_button).toEqual({ background: '#66701F', color: '#FFF', text: 'Login' });

    const chosen = settings((s) => {
      s.portal_name.text = '  Northwind Academy  ';
      s.background = { enable: true, color: '#1E3A5F', image: null };
      s.company_website.url = 'https://northwind.example';
      s.company_socials.linkedin = 'https://www.linkedin.com/company/northwind';
      s.custom_text.text = 'Questions? <b>Write to us</b>.';
      s.login_button = { background: '#102030', color: '#FAFAFA', text: 'Open my certificates' };
      s.hide_powered = true;
    });
    const saved = await save(client, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Portal settings saved.' });
    const expected = { ...chosen, portal_name: { text: 'Northwind Academy' } };
    expect((await client.get('/api/accounts/portal-settings')).json().portal_settings).toEqual(expected);

    // The public read, from the account's own portal host and without a session.
    const portal = new ApiClient(laurel, null, `${url}.laurel.test`);
    const read = await portal.get(`/api/portal/portal-settings?account_id=${user.account!.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().portal_settings).toEqual({ ...expected, support_email: null });
    // Text stays text: the portal shows it as written, never as markup.
    expect(read.json().portal_settings.custom_text.text).toBe('Questions? <b>Write to us</b>.');
    expect((await portal.get('/api/portal/portal-settings?account_id=999999')).statusCode).toBe(404);
  });

  it('an empty label or colour falls back to the defaults', async () => {
    const { client } = await enterpriseAdmin();
    const saved = await save(
      client,
      settings((s) => {
        s.login_button = { background: '', color: ' ', text: '   ' };
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().portal_settings.login_button).toEqual({ background: '#66701F', color: '#FFF', text: 'Login' });
  });

  it('only plans with portal customisation may save; everyone reads the defaults of such an account', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const refused = await save(
      client,
      settings((s) => (s.portal_name.text = 'Free plan portal')),
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ errors: [upgradeMessage('portal_customisation')], error_type: 'upgrade' });
    expect((await client.get('/api/accounts/portal-settings')).json()).toMatchObject({ customisable: false });
    const code = await client.post('/api/portal-settings/send-validation-code', { email: uniqueEmail('support') });
    expect(code.statusCode).toBe(403);

    // Saved while on Enterprise, then the plan lapses: the portal shows the defaults again, the settings are kept.
    const accountId = user.account!.id;
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' })
      .where(eq(accounts.id, accountId));
    expect(
      (
        await save(
          client,
          settings((s) => (s.portal_name.text = 'While on Enterprise')),
        )
      ).statusCode,
    ).toBe(200);
    await laurel.context.db.update(accounts).set({ stripe_active: false }).where(eq(accounts.id, accountId));
    const publicRead = await new ApiClient(laurel).get(`/api/portal/portal-settings?account_id=${accountId}`);
    expect(publicRead.json().portal_settings.portal_name.text).toBe('');
    expect((await client.get('/api/accounts/portal-settings')).json().portal_settings.portal_name.text).toBe('While on Enterprise');
  });

  it('refuses a name over 60 characters or with a line break, and addresses that are not web addresses', async () => {
    const { client } = await enterpriseAdmin();
    const long = await save(
      client,
      settings((s) => (s.portal_name.text = 'x'.repeat(61))),
    );
    expect(long.statusCode).toBe(400);
    // The length is the contract's (the OpenAPI document's maxLength): refused by validation, under the body's name.
    expect(errorOf(long)).toMatchObject({ errors: [`Portal settings: ${M.nameTooLong}`], field: 'portal_settings' });
    expect(
      (
        await save(
          client,
          settings((s) => (s.portal_name.text = 'x'.repeat(60))),
        )
      ).statusCode,
    ).toBe(200);

    const broken = await save(
      client,
      settings((s) => (s.portal_name.text = 'Northwind\nAcademy')),
    );
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken)).toMatchObject({ errors: [M.nameLineBreak], field: 'portal_name.text' });

    const script = await save(
      client,
      settings((s) => (s.company_socials.twitter = 'javascript:alert(1)')),
    );
    expect(errorOf(script)).toMatchObject({ errors: [M.invalidUrl], field: 'company_socials.twitter' });
    const colour = await save(
      client,
      settings((s) => (s.login_button.background = 'red;}')),
    );
    expect(errorOf(colour)).toMatchObject({ errors: [M.invalidColor], field: 'login_button.background' });
    const outside = await save(
      client,
      settings((s) => (s.background = { enable: true, color: '#FFFFFF', image: 'https://evil.example/a.png' })),
    );
    // Not one of the store's addresses at all: the contract's pattern refuses it, under the body's name.
    expect(errorOf(outside)).toMatchObject({ errors: [`Portal settings: ${M.invalidImage}`], field: 'portal_settings' });
  });

  it('confirms the support email with the mailed code: wrong, expired and used-up codes are refused', async () => {
    const { client, user } = await enterpriseAdmin();
    const support = uniqueEmail('support');

    // Not confirmed yet: the save is refused with the spec's message.
    const early = await save(
      client,
      settings((s) => (s.support_email.email = support)),
    );
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toMatchObject({ errors: [M.fixErrors, M.emailNotValidated], field: 'support_email.email' });
    expect((await client.post('/api/portal-settings/validate-email', { code: '123456' })).statusCode).toBe(400);

    // An expired code.
    expect((await client.post('/api/portal-settings/send-validation-code', { email: support })).statusCode).toBe(200);
    const expiredCode = await mailedCode(support);
    clock.advance(15 * 60_000 + 1000);
    const expired = await client.post('/api/portal-settings/validate-email', { code: expiredCode });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).errors[0]).toBe(M.codeExpired);

    // Five wrong codes use the code up, the right one included.
    await client.post('/api/portal-settings/send-validation-code', { email: support });
    const usedUp = await mailedCode(support);
    const wrong = usedUp === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i++) {
      const attempt = await client.post('/api/portal-settings/validate-email', { code: wrong });
      expect(attempt.statusCode).toBe(400);
      expect(errorOf(attempt).errors[0]).toBe(M.wrongCode);
    }
    expect((await client.post('/api/portal-settings/validate-email', { code: wrong })).statusCode).toBe(429);
    expect((await client.post('/api/portal-settings/validate-email', { code: usedUp })).statusCode).toBe(400);

    // A fresh code confirms the address, once.
    await client.post('/api/portal-settings/send-validation-code', { email: support.toUpperCase() });
    const good = await mailedCode(support);
    const confirmed = await client.post('/api/portal-settings/validate-email', { code: good });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Support email confirmed.', support_email: { email: support, validated: true } });
    expect((await client.post('/api/portal-settings/validate-email', { code: good })).statusCode).toBe(400);

    const saved = await save(
      client,
      settings((s) => (s.support_email.email = support)),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().portal_settings.support_email).toEqual({ email: support, validated: true });
    const publicRead = await new ApiClient(laurel).get(`/api/portal/portal-settings?account_id=${user.account!.id}`);
    expect(publicRead.json().portal_settings.support_email).toBe(support);

    // Another address is unconfirmed again.
    const other = await save(
      client,
      settings((s) => (s.support_email.email = uniqueEmail('other'))),
    );
    expect(errorOf(other).errors[0]).toBe(M.fixErrors);
  });

  it('uploads a background image, refuses a file that is not one, and saves only its own uploads', async () => {
    const { client } = await enterpriseAdmin();
    const notImage = await client.upload('/api/accounts/upload-portal-background?background=1', [
      { name: 'file', value: '<svg onload="alert(1)"></svg>', filename: 'background.png' },
    ]);
    expect(notImage.statusCode).toBe(400);

    const uploaded = await client.upload('/api/accounts/upload-portal-background?background=1', [
      { name: 'file', value: await png(), filename: 'background.png' },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const { imagepath } = uploaded.json<{ imagepath: string }>();
    expect(imagepath).toMatch(/^\/api\/files\/.+\.png$/);
    expect((await client.get(imagepath)).statusCode).toBe(200);
    const saved = await save(
      client,
      settings((s) => (s.background = { enable: true, color: '#FFFFFF', image: imagepath })),
    );
    expect(saved.statusCode).toBe(200);

    // Another account cannot point its portal at this upload.
    const other = await enterpriseAdmin();
    const borrowed = await save(
      other.client,
      settings((s) => (s.background = { enable: true, color: '#FFFFFF', image: imagepath })),
    );
    expect(borrowed.statusCode).toBe(400);
    expect(errorOf(borrowed).field).toBe('background.image');
  });
});

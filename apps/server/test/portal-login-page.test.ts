import { DEFAULT_PORTAL_SETTINGS, PORTAL_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof storeAccount>>;
let host: string;
const on = (name: string) => new ApiClient(laurel, null, name);

beforeAll(async () => {
  laurel = await startTestLaurel();
  issuer = await storeAccount(laurel, { premium: true, name: 'Harbour & "Sons" <b>Academy<b>' });
  await laurel.context.db.update(accounts).set({ stripe_plan: 'enterprise-monthly-3' }).where(eq(accounts.id, issuer.accountId));
  host = `${issuer.admin.url}.laurel.test`;
  const settings = structuredClone(DEFAULT_PORTAL_SETTINGS);
  settings.portal_name.text = 'Harbour <script>alert(1)</script> portal';
  settings.login_button = { background: '#BFC551', color: '#FFF', text: 'Open my certificates' };
  settings.custom_text.text = 'Questions? <i>Ask</i> the harbour office.';
  const saved = await issuer.admin.client.post('/api/accounts/portal-settings', { portal_settings: settings });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

describe("the portal's sign-in as the server renders it", () => {
  it("is HTML built from the portal's settings, every typed value escaped, with no inline script", async () => {
    const page = await on(host).get('/portal/login?email=ines%40example.com');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const body = page.body;
    expect(body).toContain('Use the email address Harbour &amp; &quot;Sons&quot; &lt;b&gt;Academy&lt;b&gt; sent your certificate to.');
    expect(body).toContain('<span class="bar-title">Harbour &lt;script&gt;alert(1)&lt;/script&gt; portal</span>');
    expect(body).toContain('Questions? &lt;i&gt;Ask&lt;/i&gt; the harbour office.');
    expect(body).not.toContain('<b>Academy');
    // The account's label, drawn dark because white does not read on its green-yellow (WCAG 1.4.3).
    expect(body).toMatch(/style="background-color:#BFC551;color:#17201a">Open my certificates<\/button>/);
    expect(body).toContain('value="ines@example.com"');
    expect(body).toContain('data-form="login"');
    expect(body).toContain('<label for="login-email">Email');
    expect(body).toContain('<label for="login-password">Password');
    // The script's words are the spec's (docs/product/recipient-portal.md#messages).
    expect(body).toContain(PORTAL_MESSAGES.wrongCredentials.replaceAll("'", '&#39;'));
    // No inline script: only external files, under the CSP's script-src 'self'.
    expect(body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(body).not.toMatch(/\son[a-z]+=/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves its script and stylesheet for a year, and opens on the first-time form at /portal/register', async () => {
    const page = await on(host).get('/portal/register');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-form="first"');
    // The first-time form asks only the address: the name comes from the certificate.
    expect(page.body).toContain(PORTAL_MESSAGES.firstTimeIntro);
    expect(page.body).not.toContain('first_name');
    const script = /<script src="(\/portal\/assets\/login\.[\w-]+\.js)" defer><\/script>/.exec(page.body)![1]!;
    const css = /<link rel="stylesheet" href="(\/portal\/assets\/login\.[\w-]+\.css)" \/>/.exec(page.body)![1]!;
    const js = await on(host).get(script);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('/api/auth-portal');
    expect((await on(host).get(css)).statusCode).toBe(200);
    expect((await on(host).get('/portal/assets/login.nothing.js')).statusCode).toBe(404);
  });

  it('answers 404 with the invalid-account page on an unknown portal host and on an account without the portal', async () => {
    const unknown = await on('nobody-here.laurel.test').get('/portal/login');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain(PORTAL_MESSAGES.invalidAccount);
    expect(unknown.body).not.toContain('data-portal-login');

    const free = await storeAccount(laurel, { name: 'Free Harbour' });
    const closed = await on(`${free.admin.url}.laurel.test`).get('/portal/login');
    expect(closed.statusCode).toBe(404);
    expect(closed.body).toContain(PORTAL_MESSAGES.invalidAccount);
  });

  it('leaves the main host, and the no-login list a link opens, to the app', async () => {
    const main = await on('laurel.test').get('/portal/login');
    expect(main.body).not.toContain('data-portal-login');
    await laurel.context.db.update(accounts).set({ recipients_no_login: true }).where(eq(accounts.id, issuer.accountId));
    try {
      const list = await on(host).get('/portal/login?email=ines%40example.com');
      expect(list.body).not.toContain('data-portal-login');
      expect((await on(host).get('/portal/login')).body).toContain('data-portal-login');
    } finally {
      await laurel.context.db.update(accounts).set({ recipients_no_login: false }).where(eq(accounts.id, issuer.accountId));
    }
  });
});

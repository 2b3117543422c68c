import { createServer, type Server } from 'node:http';
import { EMAIL_SETTINGS_MESSAGES as M } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEmailSettings } from '../src/db/schema.ts';
import type { registerConfirmedAdmin } from './helpers/api.ts';
import { freePort } from './helpers/free-port.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/**
 * Gmail by OAuth 2 against a real OpenID provider (oidc-provider) standing in for Google: the admin is
 * sent to the provider, consents (or refuses), comes back, and certificate mail then leaves through an
 * SMTP server that takes only AUTH XOAUTH2 with an access token that provider issued.
 */

const MAILBOX = 'ada.mailbox@gmail.test';
const MAIL_SCOPE = 'https://mail.google.com/';
let refuseConsent = false;
let provider: Provider;
let providerServer: Server;
let issuer: string;
const acceptedTokens: string[] = [];
/** Accepts an access token only if the provider issued it, for this mailbox's account, with the mail scope. */
const sink = new SmtpSink({
  xoauth2: async (user, accessToken) => {
    const token = await provider.AccessToken.find(accessToken);
    const ok = user === MAILBOX && token?.accountId === 'ada' && (token.scope ?? '').split(' ').includes(MAIL_SCOPE);
    if (ok) acceptedTokens.push(accessToken);
    return ok;
  },
});
const productSink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
let setId: number;

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'laurel',
        client_secret: 'laurel-test-secret',
        redirect_uris: ['http://laurel.test/api/email-settings/oauth/gmail/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'email', MAIL_SCOPE],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: MAILBOX, email_verified: true }) }),
    issueRefreshToken: async () => true,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['a test cookie key'] },
  });
  const callback = provider.callback();
  providerServer = createServer(async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    // The user's side at the provider: signs in as "ada" and consents at once, or refuses.
    const details = await provider.interactionDetails(req, res);
    if (refuseConsent) {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user refused.' });
    }
    const grant = new provider.Grant({ accountId: 'ada', clientId: 'laurel' });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { login: { accountId: 'ada' }, consent: { grantId } });
  });
  await new Promise<void>((resolve) => providerServer.listen(port, '127.0.0.1', resolve));
  const sinkUrl = await sink.start();
  laurel = await startTestLaurel({
    smtpUrl: await productSink.start(),
    env: {
      ALLOW_PRIVATE_TARGETS: '1',
      GOOGLE_CLIENT_ID: 'laurel',
      GOOGLE_CLIENT_SECRET: 'laurel-test-secret',
      GOOGLE_OAUTH_ISSUER: issuer,
      GOOGLE_SMTP_URL: sinkUrl,
    },
  });
  ({ admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: 5, name: 'Gmail' }));
});
afterAll(async () => {
  await laurel?.close();
  await new Promise((resolve) => providerServer?.close(resolve));
  await Promise.all([sink.stop(), productSink.stop()]);
});

/** Cookies per origin, as a browser keeps them. */
class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();
  store(origin: string, setCookies: string[]) {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    this.jar.set(origin, cookies);
  }
  header(origin: string) {
    return [...(this.jar.get(origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Connect as the browser does it: start on Laurel, then follow every redirect by hand (the provider's
 * over HTTP, Laurel's through the app), carrying each origin's cookies. Answers where Laurel sent the browser last.
 */
async function connectGmail(options: { keepBrowserCookie?: boolean } = {}): Promise<string> {
  const jar = new CookieJar();
  const started = await admin.client.post('/api/email-settings/oauth/gmail/start');
  expect(started.statusCode).toBe(200);
  const setCookie = started.headers['set-cookie'];
  if (options.keepBrowserCookie !== false) jar.store('http://laurel.test', Array.isArray(setCookie) ? setCookie : [String(setCookie)]);
  let location = started.json<{ authorization_url: string }>().authorization_url;
  expect(location.startsWith(`${issuer}/`)).toBe(true);
  for (let hop = 0; hop < 20; hop++) {
    const url = new URL(location, issuer);
    if (url.origin === 'http://laurel.test') {
      const reply = await laurel.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: 'laurel.test', cookie: jar.header(url.origin) },
      });
      expect(reply.statusCode).toBe(302);
      return String(reply.headers.location);
    }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url.origin) } });
    jar.store(url.origin, response.headers.getSetCookie());
    location = response.headers.get('location') ?? '';
    expect(location, `hop ${hop} to ${url.pathname} answered ${response.status}`).not.toBe('');
  }
  throw new Error('too many redirects');
}

const storedRow = async () =>
  (await laurel.context.db.select().from(accountEmailSettings).where(eq(accountEmailSettings.account_id, accountId)))[0];

describe('Gmail by OAuth 2', () => {
  it('offers Gmail (configured) and not Microsoft 365 (not configured)', async () => {
    const reply = (await admin.client.post('/api/accounts/email-settings')).json();
    expect(reply.oauth_providers).toEqual({ gmail: true, microsoft365: false });
    const refused = await admin.client.post('/api/email-settings/oauth/microsoft365/start');
    expect(refused.statusCode).toBe(400);
  });

  it('a refused consent comes back with the permissions flag and connects nothing', async () => {
    refuseConsent = true;
    try {
      expect(await connectGmail()).toBe('/account/email-settings?oauth_error=permissions');
    } finally {
      refuseConsent = false;
    }
    expect((await admin.client.post('/api/accounts/email-settings')).json().google_user).toBeNull();
    expect(M.permissionsRefused).toBe('Connection error. You have not accepted the requested permissions.');
  });

  it('a return in a browser that did not start the flow connects nothing', async () => {
    expect(await connectGmail({ keepBrowserCookie: false })).toBe('/account/email-settings?oauth_error=failed');
    expect((await admin.client.post('/api/accounts/email-settings')).json().google_user).toBeNull();
  });

  it('connects the mailbox: its address is shown, its refresh token stored encrypted', async () => {
    expect(await connectGmail()).toBe('/account/email-settings?connected=gmail');
    const reply = (await admin.client.post('/api/accounts/email-settings')).json();
    expect(reply.google_user).toEqual({ email: MAILBOX });
    expect(reply.email_settings).toMatchObject({ custom_smtp: true, smtp_type: 'gmailOauth' });
    const row = (await storedRow())!;
    expect(row.google_refresh_token).toMatch(/^v1\./);
    expect(await provider.RefreshToken.find(row.google_refresh_token!)).toBeUndefined();
  });

  it('tests the connection and sends certificate mail by XOAUTH2 with a token the provider issued', async () => {
    const test = (await admin.client.post(`/api/accounts/${accountId}/email-connection-test`)).json();
    expect(test).toMatchObject({ success: true });
    const project = await admin.client.post('/api/projects', {
      title: 'By Gmail',
      certificate_id: setId,
      recipients: [{ FIRST_NAME: 'Grace', LAST_NAME: 'Hopper', 'Email Address': 'grace@navy.example' }],
    });
    await admin.client.post(`/api/projects/${project.json().id}/send-emails`, { sender_name: 'Ada' });
    const message = await sink.waitFor((m) => JSON.stringify(m.to).includes('grace@navy.example'));
    expect(message.from?.value[0]).toMatchObject({ address: MAILBOX, name: 'Ada' });
    expect(sink.logins).toContain(MAILBOX);
    expect(acceptedTokens.length).toBeGreaterThan(0);
    expect(productSink.messages.some((m) => JSON.stringify(m.to).includes('grace@navy.example'))).toBe(false);
  });

  it('refreshes the access token from the stored refresh token when the server refuses the old one', async () => {
    const before = acceptedTokens.length;
    const used = acceptedTokens.at(-1)!;
    await (await provider.AccessToken.find(used))!.destroy();
    laurel.context.accountTransports.forget(accountId);
    const test = (await admin.client.post(`/api/accounts/${accountId}/email-connection-test`)).json();
    expect(test).toMatchObject({ success: true });
    expect(acceptedTokens.length).toBeGreaterThan(before);
    expect(acceptedTokens.at(-1)).not.toBe(used);
  });

  it('disconnect forgets the mailbox and its token; mail goes back to the product’s server', async () => {
    const reply = (await admin.client.post('/api/users/gmail-auth-disconnect')).json();
    expect(reply).toEqual({ success: true, message: 'Your Gmail account is disconnected.' });
    const row = (await storedRow())!;
    expect(row).toMatchObject({ google_email: null, google_refresh_token: null, mode: 'product' });
    expect((await admin.client.post('/api/accounts/email-settings')).json()).toMatchObject({
      google_user: null,
      email_settings: { custom_smtp: false },
    });
  });
});

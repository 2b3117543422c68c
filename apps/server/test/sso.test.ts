import { type LoginResponse, SSO_MESSAGES as M, type SsoConfigurationReply, upgradeMessage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import { accounts, ssoConfigurations } from '../src/db/schema.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { decode, encode, makeCertificate, type RespondOptions, TestIdp } from './helpers/saml-idp.ts';
import { subUser } from './helpers/store-fixtures.ts';

/**
 * SAML single sign-on against a real IdP made here (samlify): the settings and their gate, then whole
 * sign-ins from `sso/login` through the IdP to the ACS and the session, and each forged or stale
 * response refused.
 */

const clock = new ManualClock();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
let member: { email: string };
let idp: TestIdp;
let sp: SsoConfigurationReply['service_provider'];

const enterprise = (id: number) =>
  laurel.context.db.update(accounts).set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' }).where(eq(accounts.id, id));

const settings = (overrides: Record<string, unknown> = {}) => ({
  provider: 'Test IdP',
  idp_entity_id: idp.entityId,
  sso_url: idp.ssoUrl,
  x509_cert: idp.cert,
  enabled: true,
  ...overrides,
});

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
  admin = await registerConfirmedAdmin(laurel);
  accountId = admin.user.account!.id;
  member = await subUser(laurel, accountId, { allow_all_certificate_sets: true });
  idp = new TestIdp();
});
afterAll(async () => {
  await laurel?.close();
});

/** The browser posting the IdP's form to our ACS; answers where we send it next. */
async function postToAcs(samlResponse: string, acsUrl = sp.acs_url): Promise<string> {
  const reply = await laurel.app.inject({
    method: 'POST',
    url: new URL(acsUrl).pathname,
    headers: { host: 'laurel.test', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(reply.statusCode, reply.body).toBe(302);
  return String(reply.headers.location);
}

/** `sso/login` for an address (the member's unless `typed`), then the IdP's answer to that request. */
async function idpResponse(options: RespondOptions, typed = options.email): Promise<string> {
  const started = await new ApiClient(laurel).post('/api/sso/login', { email: typed });
  expect(started.statusCode, started.body).toBe(200);
  const { redirect_url } = started.json<{ redirect_url: string }>();
  expect(redirect_url.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
  const metadata = await laurel.app.inject({ method: 'GET', url: new URL(sp.metadata_url).pathname, headers: { host: 'laurel.test' } });
  expect(metadata.statusCode).toBe(200);
  return idp.respond(redirect_url, metadata.body, options);
}

/** The handover code in the fragment of the app's address, exchanged for a session. */
async function exchange(location: string) {
  const code = new URL(location).hash.replace(/^#sso=/, '');
  return new ApiClient(laurel).post('/api/sso/handover', { code });
}

function expectRefused(location: string, message: string = M.failed) {
  expect(location.startsWith('/login?callbackError=')).toBe(true);
  expect(new URL(location, 'http://laurel.test').searchParams.get('callbackError')).toBe(message);
}

describe('SSO configuration', () => {
  it('shows the service provider values before anything is saved', async () => {
    const reply = await admin.client.get('/api/users/sso-configuration');
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<SsoConfigurationReply>();
    expect(body.configuration).toBeNull();
    expect(body.plan_allows).toBe(false);
    expect(body.service_provider.acs_url).toMatch(/^http:\/\/laurel\.test\/saml\/[A-Za-z0-9_-]{20,}\/acs$/);
    expect(body.service_provider.entity_id).toBe(body.service_provider.metadata_url);
    // The id in the addresses is opaque: neither the account id nor the admin's.
    expect(body.service_provider.acs_url).not.toContain(`/saml/${accountId}/`);
    sp = body.service_provider;
  });

  it('refuses saving without single sign-on in the plan, with the plan message', async () => {
    const reply = await admin.client.post('/api/users/sso-configuration', settings());
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply).errors[0]).toBe(upgradeMessage('sso'));
    expect(await laurel.context.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.account_id, accountId))).toHaveLength(0);
  });

  it('refuses a certificate that does not parse', async () => {
    await enterprise(accountId);
    const reply = await admin.client.post(
      '/api/users/sso-configuration',
      settings({ x509_cert: '-----BEGIN CERTIFICATE-----\nnot a cert\n-----END CERTIFICATE-----' }),
    );
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe(M.certInvalid);
  });

  it('saves and reads back the settings, keeping the addresses shown before', async () => {
    const saved = await admin.client.post('/api/users/sso-configuration', settings());
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await admin.client.get('/api/users/sso-configuration')).json<SsoConfigurationReply>();
    expect(read.configuration).toMatchObject({ provider: 'Test IdP', idp_entity_id: idp.entityId, sso_url: idp.ssoUrl, enabled: true });
    expect(read.configuration?.x509_cert).toBe(idp.cert.trim());
    expect(read.plan_allows).toBe(true);
    expect(read.service_provider).toEqual(sp);
  });

  it('serves the service provider metadata at the opaque id, and nothing at another', async () => {
    const metadata = await laurel.app.inject({ method: 'GET', url: new URL(sp.metadata_url).pathname, headers: { host: 'laurel.test' } });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${sp.entity_id}"`);
    expect(metadata.body).toContain(`Location="${sp.acs_url}"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    const unknown = await laurel.app.inject({
      method: 'GET',
      url: '/saml/aaaaaaaaaaaaaaaaaaaaaaaa/metadata',
      headers: { host: 'laurel.test' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers sso/login the same for an unknown address, a password-only account and a switched-off configuration', async () => {
    const anonymous = new ApiClient(laurel);
    const other = await registerConfirmedAdmin(laurel);
    const unknown = await anonymous.post('/api/sso/login', { email: 'nobody.here@example.com' });
    const noSso = await anonymous.post('/api/sso/login', { email: other.email });
    await admin.client.post('/api/users/sso-configuration', settings({ enabled: false }));
    const off = await anonymous.post('/api/sso/login', { email: admin.email });
    await admin.client.post('/api/users/sso-configuration', settings());
    for (const reply of [unknown, noSso, off]) {
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).errors[0]).toBe(M.notAvailable);
    }
  });
});

describe('SAML sign-in', () => {
  let signedResponse: string;

  it('signs an account user in from a signed assertion, like a password sign-in', async () => {
    signedResponse = await idpResponse({ email: member.email });
    const location = await postToAcs(signedResponse);
    expect(location.startsWith('http://laurel.test/login#sso=')).toBe(true);
    const session = await exchange(location);
    expect(session.statusCode, session.body).toBe(200);
    const body = session.json<LoginResponse>();
    expect(body.user.email).toBe(member.email);
    expect(body.location).toBe('/send');
    const me = await new ApiClient(laurel, body.token).get('/api/auth/current');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(member.email);
    // The handover code is good once.
    const again = await exchange(location);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).errors[0]).toBe(M.handoverInvalid);
  });

  it('lands an account admin on the dashboard', async () => {
    const session = await exchange(await postToAcs(await idpResponse({ email: admin.email })));
    expect(session.json<LoginResponse>().location).toBe('/dashboard');
  });

  it('refuses the same response posted again', async () => {
    expectRefused(await postToAcs(signedResponse));
  });

  it('refuses a signed assertion used before, even answering a new request', async () => {
    const tags = { AssertionID: `_once-${Date.now()}` };
    const first = await exchange(await postToAcs(await idpResponse({ email: member.email, tags })));
    expect(first.statusCode).toBe(200);
    expectRefused(await postToAcs(await idpResponse({ email: member.email, tags })));
  });

  it('refuses an assertion nobody signed', async () => {
    expectRefused(await postToAcs(await idpResponse({ email: member.email, signing: 'none' })));
  });

  it('refuses a signed response whose assertion is not signed', async () => {
    expectRefused(await postToAcs(await idpResponse({ email: member.email, signing: 'response' })));
  });

  /** The signed assertion for the member, and an unsigned copy naming the admin with an id of its own. */
  async function forgery() {
    const xml = decode(await idpResponse({ email: member.email }));
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    const evil = signed
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replace(member.email, admin.email);
    return { xml, signed, evil };
  }

  it('refuses an unsigned assertion placed next to the signed one (signature wrapping)', async () => {
    const { xml, signed, evil } = await forgery();
    expectRefused(await postToAcs(encode(xml.replace(signed, `${evil}${signed}`))));
  });

  it('refuses an unsigned assertion wrapped around the signed one (signature wrapping)', async () => {
    const { xml, signed, evil } = await forgery();
    const wrapped = evil.replace('</saml:Assertion>', `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`);
    expectRefused(await postToAcs(encode(xml.replace(signed, wrapped))));
  });

  it('refuses an assertion past its NotOnOrAfter by the app clock, beyond the two minutes of skew', async () => {
    const inThreeMinutes = new Date(clock.now().getTime() + 3 * 60_000).toISOString();
    const response = await idpResponse({
      email: member.email,
      tags: { ConditionsNotOnOrAfter: inThreeMinutes, SubjectConfirmationDataNotOnOrAfter: inThreeMinutes },
    });
    clock.advance(6 * 60_000);
    try {
      expectRefused(await postToAcs(response));
    } finally {
      clock.advance(-6 * 60_000);
    }
  });

  it('refuses an assertion for another audience', async () => {
    expectRefused(
      await postToAcs(await idpResponse({ email: member.email, tags: { Audience: 'https://another-sp.example.test/metadata' } })),
    );
  });

  it('refuses an assertion for another recipient', async () => {
    expectRefused(
      await postToAcs(await idpResponse({ email: member.email, tags: { SubjectRecipient: 'https://another-sp.example.test/acs' } })),
    );
  });

  it('refuses an assertion signed by another key', async () => {
    const impostor = new TestIdp({ entityId: idp.entityId, ssoUrl: idp.ssoUrl });
    const started = await new ApiClient(laurel).post('/api/sso/login', { email: member.email });
    const metadata = await laurel.app.inject({ method: 'GET', url: new URL(sp.metadata_url).pathname, headers: { host: 'laurel.test' } });
    const response = await impostor.respond(started.json<{ redirect_url: string }>().redirect_url, metadata.body, { email: member.email });
    expectRefused(await postToAcs(response));
  });

  it('refuses a signed assertion for someone who is not a user of the account', async () => {
    const outsider = await registerConfirmedAdmin(laurel);
    expectRefused(await postToAcs(await idpResponse({ email: outsider.email }, member.email)), M.noUser);
  });

  it('refuses a response that answers no request of ours', async () => {
    const response = await idpResponse({ email: member.email, tags: { InResponseTo: '_never-asked' } });
    expectRefused(await postToAcs(response));
  });
});

describe('certificate expiry', () => {
  it('refuses a certificate that has expired by the app clock', async () => {
    const shortLived = makeCertificate(1);
    clock.advance(2 * 86_400_000);
    const client = new ApiClient(laurel);
    expect((await client.login(admin.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const reply = await client.post('/api/users/sso-configuration', settings({ x509_cert: shortLived.cert }));
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe(M.certExpired);
  });
});

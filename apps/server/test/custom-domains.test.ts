import { FEATURE_FIRST_PLAN, CUSTOM_DOMAIN_MESSAGES as M, upgradeMessage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, customDomains } from '../src/db/schema.ts';
import { type ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { DAY, type Issued, issueSite, makeIntermediate, makeRootCa } from './helpers/test-ca.ts';

/** Custom portal URLs and their certificates (docs/product/recipient-portal.md#screens, docs/product/recipient-portal.md#messages, issue 19 point 5), on the API. */

let laurel: TestLaurel;
let admin: ApiClient;
let accountId: number;
let root: Issued;
let intermediate: Issued;
let site: Issued;

const HOST = 'portal.example.test';

beforeAll(async () => {
  laurel = await startTestLaurel();
  const registered = await registerConfirmedAdmin(laurel);
  admin = registered.client;
  accountId = registered.user.account!.id;
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: FEATURE_FIRST_PLAN.custom_url })
    .where(eq(accounts.id, accountId));
  root = await makeRootCa();
  intermediate = await makeIntermediate(root);
  site = await issueSite(intermediate, [HOST]);
});
afterAll(async () => {
  await laurel?.close();
});

const saveHost = (host: string, active?: boolean) =>
  admin.post('/api/portal/users-domain', { host, ...(active === undefined ? {} : { active }) });
const upload = (certificate: string, certificate_key: string) =>
  admin.post('/api/portal-ssl-certificate', { ssl: { certificate, certificate_key } });
const configOn = async (host: string) => (await admin.withHost(host).get('/api/config')).json();

describe('the custom URL', () => {
  it('is saved without its scheme, path and port, lower-case and active, and read back with its host', async () => {
    const saved = await saveHost('HTTPS://Portal.Example.TEST:8443/portal/login?x=1');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: M.urlSaved, domain: { host: HOST, active: true, is_ssl: false, certificate: null } });
    expect((await admin.get('/api/portal/users-domain')).json()).toMatchObject({ host: HOST, active: true });
  });

  it("leads to the account's portal while active, and nowhere once inactive", async () => {
    expect(await configOn(HOST)).toMatchObject({ host: { on_portal_host: true, account: { id: accountId } } });
    // The portal host answers only the portal's calls.
    expect((await admin.withHost(HOST).get('/api/projects')).statusCode).toBe(404);
    await saveHost(HOST, false);
    expect(await configOn(HOST)).toMatchObject({ host: { on_portal_host: false, account: null } });
    await saveHost(HOST, true);
    expect(await configOn(HOST)).toMatchObject({ host: { on_portal_host: true } });
  });

  it('refuses IP addresses, non-DNS names and the service’s own domain, each saying why', async () => {
    for (const [host, message] of [
      ['192.0.2.10', M.hostIp],
      ['http://[2001:db8::1]/', M.hostIp],
      ['not a host', M.hostInvalid],
      ['localhost', M.hostInvalid],
      ['laurel.test', M.hostOurs],
      ['acme.laurel.test', M.hostOurs],
    ] as const) {
      const reply = await saveHost(host);
      expect(reply.statusCode, host).toBe(400);
      expect(errorOf(reply).errors[0], host).toBe(message);
    }
  });

  it('belongs to one account only', async () => {
    const other = await registerConfirmedAdmin(laurel);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: FEATURE_FIRST_PLAN.custom_url })
      .where(eq(accounts.id, other.user.account!.id));
    const reply = await other.client.post('/api/portal/users-domain', { host: HOST.toUpperCase() });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe(M.hostTaken);
  });

  it('needs the plan that includes it: another plan gets the catalogue’s message', async () => {
    const free = await registerConfirmedAdmin(laurel);
    const reply = await free.client.post('/api/portal/users-domain', { host: 'certs.free.example' });
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply)).toMatchObject({ message: upgradeMessage('custom_url'), error_type: 'upgrade' });
    const ssl = await free.client.post('/api/portal-ssl-certificate', { ssl: { certificate: site.pem, certificate_key: site.keyPem } });
    expect(ssl.statusCode).toBe(403);
  });

  it('is audited', async () => {
    const rows = await laurel.context.db.select().from(auditLog).where(eq(auditLog.account_id, accountId));
    expect(rows.map((r) => r.action)).toContain('custom_domain.saved');
  });
});

describe('the certificate', () => {
  it('is refused for each broken upload, naming the reason', async () => {
    const stranger = await issueSite(intermediate, ['other.example.test']);
    const expired = await issueSite(intermediate, [HOST], {
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const early = await issueSite(intermediate, [HOST], { notBefore: new Date(Date.now() + 10 * DAY) });
    const cases: [string, string, string, string | RegExp][] = [
      ['garbage', 'hello', site.keyPem, M.certUnreadable],
      ['a broken PEM block', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', site.keyPem, M.certUnreadable],
      ['no key', site.pem, '', M.keyMissing],
      ['a garbage key', site.pem, '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', M.keyUnreadable],
      ['a key that is not its own', site.pem, stranger.keyPem, M.keyMismatch],
      ['the chain out of order', intermediate.pem + site.pem, intermediate.keyPem, M.chainOrder],
      ['an intermediate that did not sign it', site.pem + root.pem, site.keyPem, M.chainOrder],
      ['an expired certificate', expired.pem + intermediate.pem, expired.keyPem, /^The certificate expired on \d{4}-\d{2}-\d{2}\.$/],
      ['a certificate not yet valid', early.pem + intermediate.pem, early.keyPem, /^The certificate is not valid before /],
      ['another host', stranger.pem + intermediate.pem, stranger.keyPem, M.wrongHost(HOST, ['other.example.test'])],
    ];
    for (const [what, certificate, key, message] of cases) {
      const reply = await upload(certificate, key);
      expect(reply.statusCode, what).toBe(400);
      const first = errorOf(reply).errors[0] ?? '';
      if (typeof message === 'string') expect(first, what).toBe(message);
      else expect(first, what).toMatch(message);
    }
    // The site certificate after its issuer: the leaf's key does not match the first certificate.
    const reversed = await upload(intermediate.pem + site.pem, site.keyPem);
    expect(errorOf(reversed).errors[0]).toBe(M.keyMismatch);
    expect((await admin.get('/api/portal/users-domain')).json()).toMatchObject({ is_ssl: false, certificate: null });
  });

  it('is saved with its chain, described by its names and expiry, and its key never leaves', async () => {
    const reply = await upload(site.pem + intermediate.pem, site.keyPem);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: M.sslSaved,
      domain: { host: HOST, is_ssl: true, certificate: { names: [HOST], not_after: site.certificate.notAfter.toISOString() } },
    });
    const keyBody = site.keyPem.split('\n')[1]!;
    expect(reply.body).not.toContain(keyBody);
    expect((await admin.get('/api/portal/users-domain')).body).not.toContain(keyBody);
    const [row] = await laurel.context.db.select().from(customDomains).where(eq(customDomains.account_id, accountId));
    expect(row!.certificate_key).toMatch(/^v1\./);
    expect(row!.certificate_key).not.toContain(keyBody);
    const audits = await laurel.context.db.select().from(auditLog).where(eq(auditLog.action, 'custom_domain.certificate_saved'));
    expect(JSON.stringify(audits)).not.toContain(keyBody);
    const listed = await laurel.context.db.select().from(auditLog).where(eq(auditLog.account_id, accountId));
    expect(listed.some((r) => r.action === 'custom_domain.certificate_saved')).toBe(true);
  });

  it('may be a wildcard for one label', async () => {
    const wildcard = await issueSite(intermediate, ['*.example.test']);
    expect((await upload(wildcard.pem + intermediate.pem, wildcard.keyPem)).statusCode).toBe(200);
    const tooDeep = await issueSite(intermediate, ['*.test']);
    expect(errorOf(await upload(tooDeep.pem + intermediate.pem, tooDeep.keyPem)).errors[0]).toBe(M.wrongHost(HOST, ['*.test']));
  });

  it('goes when the URL changes, and cannot be added without a URL', async () => {
    expect((await saveHost('certs.example.test')).json()).toMatchObject({ domain: { is_ssl: false, certificate: null } });
    const cleared = await saveHost('');
    expect(cleared.json()).toMatchObject({ message: M.urlCleared, domain: { host: '', active: false, is_ssl: false } });
    const reply = await upload(site.pem, site.keyPem);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe(M.urlRequiredForSsl);
  });

  it('is removed on request', async () => {
    await saveHost(HOST);
    expect((await upload(site.pem + intermediate.pem, site.keyPem)).statusCode).toBe(200);
    const removed = await admin.post('/api/remove-portal-ssl-certificate');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: M.sslRemoved, domain: { host: HOST, is_ssl: false, certificate: null } });
  });
});

describe('the super-admin list', () => {
  it('shows each domain with its account, SSL state and expiry, searched and paged', async () => {
    expect((await upload(site.pem + intermediate.pem, site.keyPem)).statusCode).toBe(200);
    const { ApiClient } = await import('./helpers/api.ts');
    const root = new ApiClient(laurel);
    expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
    const found = await root.get('/api/custom-domains?like=EXAMPLE.test&limit=5');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      count: 1,
      custom_domains: [
        {
          account_id: accountId,
          account_name: 'Analytical Engines',
          host: HOST,
          active: true,
          is_ssl: true,
          not_after: site.certificate.notAfter.toISOString(),
        },
      ],
    });
    expect((await root.get('/api/custom-domains?like=nothing-like-it')).json()).toMatchObject({ count: 0, custom_domains: [] });
    expect((await root.get('/api/custom-domains?limit=1&offset=1')).json().custom_domains).toEqual([]);
    expect(found.body).not.toContain(site.keyPem.split('\n')[1]!);
    // A super-admin sets an account's certificate by naming it, whatever its plan.
    const removed = await root.post('/api/remove-portal-ssl-certificate', { account_id: accountId });
    expect(removed.json()).toMatchObject({ domain: { host: HOST, is_ssl: false } });
  });
});

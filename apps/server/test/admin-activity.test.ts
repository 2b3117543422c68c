import type { ActivityEntry, ActivityPage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import { accounts, recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf, GOOD_PASSWORD } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { makeCertificate } from './helpers/saml-idp.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The super-admin's activity log (docs/product/super-admin.md#activity): sends and revocations are written to the
 * audit log where they happen, and one call lists every account's entries, searched and filtered by kind,
 * account and days, a page at a time.
 */

const ROOT = 'root@laurel.test';
const DAY_MS = 86_400_000;
const clock = new ManualClock();
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let laurel: TestLaurel;
let root: ApiClient;
let harbour: Awaited<ReturnType<typeof storeAccount>>;
let quay: Awaited<ReturnType<typeof storeAccount>>;
let projectId: number;
let firstDay: string;
let laterDay: string;
const stamp = Date.now().toString(36);
const zoe = `zoe.${stamp}@example.com`;
const jose = `jose.${stamp}@example.com`;

const recipientId = async (email: string) =>
  (await laurel.context.db.select({ id: recipients.id }).from(recipients).where(eq(recipients.email, email)))[0]!.id;

async function activity(query: string): Promise<ActivityPage> {
  const reply = await root.get(`/api/admin/activity?${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ActivityPage>();
}
const actions = (page: ActivityPage) => page.entries.map((e) => e.action);

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
  root = new ApiClient(laurel);
  await root.login(ROOT, 'correct horse battery staple');
  harbour = await storeAccount(laurel, { name: `Harbour School ${stamp}` });
  quay = await storeAccount(laurel, { name: `Quay Institute ${stamp}` });
  // Every feature, so that nothing below is refused by the plan.
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' })
    .where(eq(accounts.id, harbour.accountId));

  // The first day: a send, a revocation with its reason and a reinstatement, and a plan granted by the super-admin.
  firstDay = dayOf(clock.now());
  projectId = await saveProject(harbour.admin.client, harbour.setId, 'Spring crew', [
    { first: 'Zoë', last: 'Okafor', email: zoe },
    { first: 'José', last: 'Núñez', email: jose },
  ]);
  await sendAndSettle(harbour.admin.client, projectId);
  const zoeId = await recipientId(zoe);
  expect((await harbour.admin.client.post(`/api/recipients/${zoeId}/revoke`, { reason: 'Issued by mistake' })).statusCode).toBe(200);
  expect((await harbour.admin.client.post(`/api/recipients/${zoeId}/reinstate`)).statusCode).toBe(200);
  const granted = await root.call('PUT', `/api/accounts/${quay.accountId}/admin-update-plan`, { plan: 'basic-monthly-3' });
  expect(granted.statusCode, granted.body).toBe(200);

  // Two days later: the super-admin acts as Harbour's admin and revokes; Harbour makes an API key and sets up single sign-on.
  clock.advance(2 * DAY_MS);
  laterDay = dayOf(clock.now());
  // Two idle days end every session: both sign in again.
  await root.login(ROOT, 'correct horse battery staple');
  await harbour.admin.client.login(harbour.admin.email, GOOD_PASSWORD);
  const acting = await root.post(`/api/users/${harbour.admin.user.id}/impersonate`);
  expect(acting.statusCode, acting.body).toBe(200);
  const asHarbour = new ApiClient(laurel, acting.json<{ token: string }>().token);
  expect((await asHarbour.post(`/api/recipients/${await recipientId(jose)}/revoke`, {})).statusCode).toBe(200);
  expect((await harbour.admin.client.post('/api/users/retrieve-api-key')).statusCode).toBe(200);
  const sso = await harbour.admin.client.post('/api/users/sso-configuration', {
    provider: 'Test IdP',
    idp_entity_id: 'https://idp.example.test/metadata',
    sso_url: 'https://idp.example.test/sso',
    x509_cert: makeCertificate().cert,
    enabled: true,
  });
  expect(sso.statusCode, sso.body).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

describe('the activity log', () => {
  it('lists a send once, with who sent it, from where, the project and the account', async () => {
    const page = await activity(`kind=sends&account_id=${harbour.accountId}`);
    expect(page.count).toBe(1);
    // The admin's client has one address throughout: the one their registration came from.
    const registered = (await activity(`search=account.registered&account_id=${harbour.accountId}`)).entries[0]!;
    expect(registered.ip).toMatch(/^10\.0\.\d+\.\d+$/);
    expect(page.entries[0]).toMatchObject({
      action: 'certificates.sent',
      kind: 'sends',
      actor: expect.objectContaining({ email: harbour.admin.email }),
      account: { id: harbour.accountId, name: `Harbour School ${stamp}`, deleted: false },
      ip: registered.ip,
      details: { project_id: projectId, project: 'Spring crew', queued: 2 },
    } satisfies Partial<ActivityEntry> & Record<string, unknown>);
  });

  it('lists revocations newest first with their reason, and names the super-admin acting as the account admin', async () => {
    const page = await activity(`kind=revocations&account_id=${harbour.accountId}`);
    expect(actions(page)).toEqual(['certificate.revoked', 'certificate.reinstated', 'certificate.revoked']);
    const [byRoot, , first] = page.entries;
    expect(first).toMatchObject({ actor: { email: harbour.admin.email }, details: { to: zoe, reason: 'Issued by mistake' } });
    expect(byRoot).toMatchObject({ actor: { email: ROOT }, user: { id: harbour.admin.user.id }, details: { to: jose } });
  });

  it('keeps each kind to its own actions', async () => {
    const expected = {
      plans: 'account.plan_granted',
      impersonations: 'user.impersonated',
      api_keys: 'api_key.issued',
      sso: 'sso.configuration_saved',
    } as const;
    for (const [kind, action] of Object.entries(expected)) {
      const page = await activity(`kind=${kind}&limit=100`);
      expect(actions(page), kind).toContain(action);
      expect(new Set(page.entries.map((e) => e.kind)), kind).toEqual(new Set([kind]));
    }
    const plan = (await activity(`kind=plans&account_id=${quay.accountId}`)).entries[0];
    expect(plan).toMatchObject({ actor: { email: ROOT }, details: { to: 'basic-monthly-3' } });
  });

  it('searches the details, the people and the account names', async () => {
    expect(actions(await activity('search=issued%20by%20MISTAKE'))).toEqual(['certificate.revoked']);
    const quayEntries = await activity(`search=${encodeURIComponent(`Quay Institute ${stamp}`)}&limit=100`);
    expect(quayEntries.count).toBeGreaterThan(0);
    expect(quayEntries.entries.every((e) => e.account?.id === quay.accountId)).toBe(true);
    // A `%` is a character searched for, not a wildcard.
    expect((await activity('search=%25')).count).toBe(0);
  });

  it('bounds the days, both included', async () => {
    const first = await activity(`account_id=${harbour.accountId}&from=${firstDay}&to=${firstDay}&limit=100`);
    expect(actions(first)).toContain('certificates.sent');
    expect(actions(first)).not.toContain('sso.configuration_saved');
    const later = await activity(`account_id=${harbour.accountId}&from=${laterDay}&limit=100`);
    expect(actions(later)).toEqual(expect.arrayContaining(['sso.configuration_saved', 'api_key.issued', 'certificate.revoked']));
    expect(actions(later)).not.toContain('certificates.sent');
  });

  it('pages without repeating an entry', async () => {
    const first = await activity(`account_id=${harbour.accountId}&limit=3`);
    const second = await activity(`account_id=${harbour.accountId}&limit=3&offset=3`);
    expect(first.count).toBe(second.count);
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(6);
    const times = [...first.entries, ...second.entries].map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a kind, a day or a range it cannot read, with the reason', async () => {
    const refusals: [string, string][] = [
      ['kind=everything', 'Kind: choose one of sends, revocations, users, plans, impersonations, api_keys, sso.'],
      ['from=14/03/2031', 'From: write the day as YYYY-MM-DD.'],
      [`from=${laterDay}&to=${firstDay}`, 'From: the first day comes after the last.'],
    ];
    for (const [query, message] of refusals) {
      const reply = await root.get(`/api/admin/activity?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(errorOf(reply).errors[0], query).toBe(message);
    }
  });

  it('answers the account admin 403, even about their own account', async () => {
    const reply = await harbour.admin.client.get(`/api/admin/activity?account_id=${harbour.accountId}`);
    expect(reply.statusCode).toBe(403);
    expect(errorOf(reply).errors[0]).toBe('Action not allowed');
  });
});

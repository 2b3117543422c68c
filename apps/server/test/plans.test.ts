import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { catalogueReply, type Feature, PLANS, requiredPlan, upgradeMessage } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, creditLedger } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { endTrial } from './helpers/trial.ts';

const require = createRequire(import.meta.url);
const openSans = readFileSync(
  path.join(path.dirname(require.resolve('@expo-google-fonts/open-sans/package.json')), '400Regular', 'OpenSans_400Regular.ttf'),
);

let laurel: TestLaurel;
let root: ApiClient;
beforeAll(async () => {
  laurel = await startTestLaurel();
  root = new ApiClient(laurel);
  const signedIn = await root.login('root@laurel.test', 'correct horse battery staple');
  if (signedIn.statusCode !== 200) throw new Error(`super-admin sign-in failed: ${signedIn.body}`);
});
afterAll(async () => {
  await laurel?.close();
});

const nameElement = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '24px', 'font-family': 'Open Sans' },
};
const box = { left: '500px', top: '380px', width: '75px', height: '75px' };

function fontUpload(client: ApiClient) {
  const boundary = '----laurelplans';
  const part = (name: string, value: Buffer | string, filename?: string) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...part('name', 'Brand Sans'),
    ...part('file', openSans, 'brand.ttf'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return laurel.app.inject({
    method: 'POST',
    url: '/api/font/uploads',
    payload,
    headers: { host: 'laurel.test', 'content-type': `multipart/form-data; boundary=${boundary}`, authentication: client.token! },
  });
}

/** One call per gated feature that needs it; the account is fresh, so each call is its first. */
const PROBES: Partial<Record<Feature, (client: ApiClient) => Promise<LightMyRequestResponse>>> = {
  qr_code: (c) => c.post('/api/certificates', { name: 'With QR', elements: [nameElement, { type: 'qrcode', content: '', styles: box }] }),
  two_sided: (c) => c.post('/api/certificates', { name: 'Two sides', use_two_side: true, back_side_elements: [nameElement] }),
  logo: (c) => c.post('/api/certificates', { name: 'With logo', elements: [nameElement, { type: 'logo', content: '', styles: box }] }),
  custom_fonts: (c) => fontUpload(c),
  mapping_save: (c) => c.post('/api/mappings', { name: 'Registrar', rules: [{ title: 'Email', mapped: 'email' }] }),
  // A project that does not exist: past the gate the call answers 404.
  export: (c) => c.post('/api/projects/run-export-bulk', { projectIds: [999_999], export_type: 'csv' }),
};

const grant = (accountId: number, plan: string | null, client = root) =>
  client.call('PUT', `/api/accounts/${accountId}/admin-update-plan`, { account: accountId, plan });

describe('plan gates read from the catalogue', () => {
  for (const [feature, probe] of Object.entries(PROBES) as [Feature, (c: ApiClient) => Promise<LightMyRequestResponse>][]) {
    const first = requiredPlan(feature);
    const below = PLANS.find((p) => p.level === first.level - 1);
    it(`${feature}: refused on ${below?.display_name ?? 'Free after the trial'} with the upgrade message, allowed on ${first.display_name}`, async () => {
      const admin = await registerConfirmedAdmin(laurel);
      const accountId = admin.user.account!.id;
      await endTrial(laurel, accountId);
      if (below) expect((await grant(accountId, below.id)).statusCode).toBe(200);
      const refused = await probe(admin.client);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({
        error_type: 'upgrade',
        redirect: '/account/subscription',
        errors: [upgradeMessage(feature)],
      });

      expect((await grant(accountId, first.id)).statusCode).toBe(200);
      const allowed = await probe(admin.client);
      expect(allowed.statusCode, allowed.body).toBe(feature === 'export' ? 404 : 200);
    });
  }

  it('keeps the account overrides: allow_qrcode and allow_two_side_certificate without a plan', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    await endTrial(laurel, admin.user.account!.id);
    await laurel.context.db
      .update(accounts)
      .set({ allow_qrcode: true, allow_two_side_certificate: true, allowed_sets: 2 })
      .where(eq(accounts.id, admin.user.account!.id));
    expect((await PROBES.qr_code!(admin.client)).statusCode).toBe(200);
    expect((await PROBES.two_sided!(admin.client)).statusCode).toBe(200);
  });
});

describe('the manual billing provider: super-admins grant plans', () => {
  it('grants Enterprise: the account reads the plan, its features and the grant date; cancelling returns to Free', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    await endTrial(laurel, accountId);
    const before = (await admin.client.get('/api/auth/current')).json().account;
    expect(before).toMatchObject({
      stripe_plan: null,
      allow_qrcode: false,
      allow_two_side_certificate: false,
      plan: { display_name: 'Free' },
    });

    const granted = await grant(accountId, 'enterprise-monthly-3');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: accountId, stripe_active: true, stripe_plan: 'enterprise-monthly-3' });
    const grantedAt = new Date(granted.json().subscription_updated).getTime();
    expect(Math.abs(laurel.context.clock.now().getTime() - grantedAt)).toBeLessThan(60_000);

    const after = (await admin.client.get('/api/auth/current')).json().account;
    expect(after).toMatchObject({
      stripe_active: true,
      stripe_plan: 'enterprise-monthly-3',
      allow_qrcode: true,
      allow_two_side_certificate: true,
      plan: { id: 'enterprise-monthly-3', display_name: 'Enterprise Monthly', monthly_credits: 1000, discontinued: false },
    });
    expect(after.plan.features).toMatchObject({ sso: true, custom_url: true, portal_customisation: true, team: true });
    const audited = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.account_id, accountId), eq(auditLog.action, 'account.plan_granted')));
    expect(audited).toHaveLength(1);

    // The plan's first month comes with the grant (what was left of the free month lapses); the refill
    // counts the following months from subscription_updated and does not grant this one again.
    expect(after.subscription_credits).toBe(1000);
    expect(after.next_credit_date).not.toBeNull();

    const cancelled = await root.call('PUT', '/api/accounts/admin-update-plan', { account: accountId, plan: 'free' });
    // Back to no plan; the month's credits stay until the period ends, so the spec's rule names it by them (over 50: Pay As You Go).
    expect(cancelled.json()).toMatchObject({ stripe_active: false, stripe_plan: null, plan: { id: null, display_name: 'Pay As You Go' } });
    expect((await admin.client.get('/api/auth/current')).json().account).toMatchObject({ allow_qrcode: false });
  });

  it('makes a granted plan what every screen and gate reads: no trial days left, no certificate-set limit while it is held', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const current = async () => (await admin.client.get('/api/auth/current')).json().account;
    const listed = async () =>
      (await root.get(`/api/accounts/filter?filters[]=${encodeURIComponent(`search:${admin.email}`)}`)).json().accounts[0];
    expect(await current()).toMatchObject({ trial_days_remaining: 14, allowed_sets: 1, certificate_set_limit: 1 });
    const newSet = (name: string) => admin.client.post('/api/certificates', { name, elements: [nameElement] });
    expect((await newSet('First')).statusCode).toBe(200);
    expect(errorOf(await newSet('Second'))).toMatchObject({ error_type: 'limit' });

    expect((await grant(accountId, 'enterprise-monthly-3')).statusCode).toBe(200);
    expect(await current()).toMatchObject({ trial_days_remaining: 0, allowed_sets: 1, certificate_set_limit: null });
    expect(await listed()).toMatchObject({ trial_days_remaining: 0, certificate_set_limit: null, plan: { id: 'enterprise-monthly-3' } });
    for (const name of ['Second', 'Third', 'Fourth']) expect((await newSet(name)).statusCode).toBe(200);

    // Back to Free: the account's own allowance again (sets already made stay), and what is left of the trial.
    expect((await grant(accountId, null)).statusCode).toBe(200);
    expect(await current()).toMatchObject({ trial_days_remaining: 14, certificate_set_limit: 1 });
    expect(errorOf(await newSet('Fifth'))).toMatchObject({ error_type: 'limit' });
  });

  it('changes nothing when granting the plan the account already holds: no second month of credits', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    expect((await grant(accountId, 'professional-monthly-3')).statusCode).toBe(200);
    const ledger = () => laurel.context.db.select().from(creditLedger).where(eq(creditLedger.account_id, accountId));
    const before = { row: (await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!, ledger: await ledger() };
    expect(before.row.subscription_credits).toBe(500);

    const again = await grant(accountId, 'professional-monthly-3');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      stripe_plan: 'professional-monthly-3',
      subscription_updated: before.row.subscription_updated!.toISOString(),
    });
    const [after] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(after).toMatchObject({ subscription_credits: 500, subscription_updated: before.row.subscription_updated });
    expect(await ledger()).toEqual(before.ledger);
    const grants = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.account_id, accountId), eq(auditLog.action, 'account.plan_granted')));
    expect(grants).toHaveLength(1);
  });

  it('is for super-admins only, and refuses plans that are not on sale', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    expect((await grant(accountId, 'enterprise-monthly-3', admin.client)).statusCode).toBe(403);
    expect((await grant(accountId, 'enterprise-monthly-3', new ApiClient(laurel))).statusCode).toBe(401);
    expect(
      (await admin.client.call('PUT', '/api/accounts/admin-update-plan', { account: accountId, plan: 'basic-monthly-3' })).statusCode,
    ).toBe(403);
    const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({ stripe_active: false, stripe_plan: null });

    const discontinued = await grant(accountId, 'prem-monthly');
    expect(discontinued.statusCode).toBe(400);
    expect(errorOf(discontinued).errors).toEqual(['Unknown plan.']);
    expect((await grant(999_999, 'basic-monthly-3')).statusCode).toBe(404);
  });

  it('shows a discontinued plan as no plan, with the warning flag', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    await endTrial(laurel, admin.user.account!.id);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'prem-monthly' })
      .where(eq(accounts.id, admin.user.account!.id));
    const account = (await admin.client.get('/api/auth/current')).json().account;
    expect(account.plan).toMatchObject({ id: null, display_name: 'Free', discontinued: true });
    expect(Object.values(account.plan.features).some(Boolean)).toBe(false);
  });

  it('GET /api/plans gives super-admins the catalogue', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const plans = await root.get('/api/plans');
    expect(plans.statusCode).toBe(200);
    expect(plans.json()).toEqual(catalogueReply());
    expect(plans.json().plans.map((p: { id: string; title: string }) => [p.id, p.title])).toEqual([
      ['basic-monthly-3', 'Basic Monthly'],
      ['advanced-monthly-3', 'Advanced Monthly'],
      ['professional-monthly-3', 'Professional Monthly'],
      ['enterprise-monthly-3', 'Enterprise Monthly'],
    ]);
    expect((await admin.client.get('/api/plans')).statusCode).toBe(403);
  });
});

describe('GET /api/config', () => {
  it('carries the catalogue and the manual provider when Stripe is not configured', async () => {
    const config = (await new ApiClient(laurel).get('/api/config')).json();
    expect(config).toMatchObject({
      pub_key: null,
      basic_plan: 'basic-monthly-3',
      prem_plan: 'enterprise-monthly-3',
      basic_plan_yearly: null,
      prem_plan_yearly: null,
      billing: { provider: 'manual' },
    });
    expect(config.catalogue).toEqual(catalogueReply());
    expect(config.catalogue.plans[1]).toMatchObject({ id: 'advanced-monthly-3', monthly_credits: 250, price_usd: 29 });
    expect(config.catalogue.payg_packs).toContainEqual({ credits: 500, price_cents: 6900 });
    expect(config.catalogue).toMatchObject({
      trial_days: 14,
      trial_plan: 'professional-monthly-3',
      certificate_set_price_usd: 29,
      free_tier: { monthly_credits: 50 },
    });
  });

  it('names Stripe as the provider when its secret key is set', async () => {
    const withStripe = await startTestLaurel({ env: { STRIPE_SECRET_KEY: 'sk_test_plans', STRIPE_WEBHOOK_SECRET: 'whsec_plans' } });
    try {
      expect((await new ApiClient(withStripe).get('/api/config')).json().billing).toEqual({ provider: 'stripe' });
    } finally {
      await withStripe.close();
    }
  });
});

describe('GET /api/certificates/{id}/qr/{size}', () => {
  it('draws the QR code for plans with QR codes, in an allowed size', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    await endTrial(laurel, admin.user.account!.id);
    const set = (await admin.client.post('/api/certificates', { name: 'Plain' })).json();
    const refused = await admin.client.get(`/api/certificates/${set.id}/qr/50`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ error_type: 'upgrade', errors: [upgradeMessage('qr_code')] });

    await grant(admin.user.account!.id, 'advanced-monthly-3');
    const image = await admin.client.get(`/api/certificates/${set.id}/qr/50`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image.rawPayload.readUInt32BE(16)).toBe(50);
    expect((await admin.client.get(`/api/certificates/${set.id}/qr/51`)).statusCode).toBe(400);

    const stranger = await registerConfirmedAdmin(laurel);
    await grant(stranger.user.account!.id, 'advanced-monthly-3');
    expect((await stranger.client.get(`/api/certificates/${set.id}/qr/50`)).statusCode).toBe(404);
  });
});

describe('POST /api/accounts/purchase-request (no card payments)', () => {
  it('mails the super-admin what the account asks for, at the catalogue price', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const plan = await admin.client.post('/api/accounts/purchase-request', {
      purchase_type: 'subscription',
      subscription: 'professional-monthly-3',
    });
    expect(plan.json()).toMatchObject({ success: true, admin_email: 'root@laurel.test' });
    let mail = await laurel.lastMailTo('root@laurel.test');
    expect(mail.subject).toBe('Analytical Engines: Professional Monthly plan requested');
    expect(mail.text).toContain(`(${admin.email}) asks for the Professional Monthly plan (500 credits a month, $49.00 a month)`);
    expect(mail.text).toContain('http://laurel.test/subscriptions');

    await admin.client.post('/api/accounts/purchase-request', { purchase_type: 'payg', payg_credits: 250, quantity: 2 });
    mail = await laurel.lastMailTo('root@laurel.test');
    expect(mail.subject).toBe('Analytical Engines: 500 credits requested');
    expect(mail.text).toContain('500 pay-as-you-go credits (2 × 250, $78.00)');

    await admin.client.post('/api/accounts/purchase-request', { purchase_type: 'certificate_set', certsets: 1 });
    mail = await laurel.lastMailTo('root@laurel.test');
    expect(mail.subject).toBe('Analytical Engines: One more certificate set requested');
    expect(mail.text).toContain('one more certificate set ($29.00)');

    const unknown = await admin.client.post('/api/accounts/purchase-request', { purchase_type: 'payg', payg_credits: 7 });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).errors).toEqual(['Unknown credit pack.']);
  });
});

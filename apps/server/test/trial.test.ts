import { FEATURES, PLANS, PORTAL_MESSAGES, TRIAL_PLAN, upgradeMessage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle } from './helpers/store-fixtures.ts';
import { endTrial } from './helpers/trial.ts';

/**
 * What a new account's free trial lends and what its end takes back (docs/decisions/0069-what-a-trial-unlocks.md,
 * docs/product/billing-and-credits.md#the-free-trial): one account, registered as a customer would, goes through its
 * first hour, then past its fourteenth day.
 */

const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
let portal: ApiClient;

const box = (left: number) => ({ left: `${left}px`, top: '380px', width: '75px', height: '75px' });
const nameElement = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
};
/** The design a first-hour customer makes: their logo, a QR code, and a back side. */
const design = {
  elements: [nameElement, { type: 'logo', content: '', styles: box(40) }, { type: 'qrcode', content: '', styles: box(520) }],
  use_two_side: true,
  back_side_elements: [{ type: 'text', content: 'Awarded by the Harbour Sailing School', styles: box(100) }],
};
const mapping = { name: 'Registrar export', rules: [{ title: 'Email', mapped: 'email' }] };
const trialPlan = PLANS.find((p) => p.id === TRIAL_PLAN)!;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  admin = await registerConfirmedAdmin(laurel, { account_name: 'Harbour Sailing School' });
  accountId = admin.user.account!.id;
  portal = new ApiClient(laurel, null, `${admin.url}.laurel.test`);
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const current = async () => (await admin.client.get('/api/auth/current')).json().account;

describe('a new account on its free trial', () => {
  it('reports every feature of the trial plan, on the free tier’s 50 credits and single set', async () => {
    const account = await current();
    expect(account).toMatchObject({
      stripe_plan: null,
      credits: 0,
      subscription_credits: 50,
      plan: { id: null, display_name: 'Free', monthly_credits: 50, settings: { max_own_fonts: trialPlan.max_own_fonts } },
      trial_days_remaining: 14,
      trial: { plan_id: TRIAL_PLAN, plan_name: 'Professional', days_remaining: 14, running: true },
      allow_qrcode: true,
      allow_two_side_certificate: true,
      certificate_set_limit: 1,
    });
    expect(account.plan.features).toEqual(Object.fromEntries(FEATURES.map((f) => [f, trialPlan.features[f]])));
    expect(new Date(account.trial.ends_at).getTime() - new Date(account.created_at).getTime()).toBeCloseTo(14 * 86_400_000, -5);
  });

  let setId: number;
  let projectId: number;
  it('designs with a logo, a QR code and a back side, and draws the QR code', async () => {
    const created = await admin.client.post('/api/certificates', { name: 'Day Skipper', ...design });
    expect(created.statusCode, created.body).toBe(200);
    setId = created.json().id;
    const saved = await admin.client.call('PUT', `/api/certificates/${setId}`, { name: 'Day Skipper', ...design });
    expect(saved.statusCode, saved.body).toBe(200);
    const qr = await admin.client.get(`/api/certificates/${setId}/qr/50`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
  });

  it('sends it with the portal linked, saves the mapping, exports, and opens its portal', async () => {
    projectId = await saveProject(admin.client, setId, 'Spring course', [{ first: 'Ines', last: 'Ito', email: 'ines@example.com' }]);
    await sendAndSettle(admin.client, projectId);
    // The certificate email links the recipient portal, as a plan with the portal's does.
    const mail = await sink.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('ines@example.com'));
    expect(mail.text).toContain(`http://${admin.url}.laurel.test/portal`);

    expect((await admin.client.post('/api/mappings', mapping)).statusCode).toBe(200);
    const exported = await admin.client.post('/api/projects/run-export-bulk', { projectIds: [projectId], export_type: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({ recipients_count: 1 });
    const opened = await portal.get('/api/accounts/portal/account');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'Harbour Sailing School' });
  });

  it('keeps what needs the customer’s identity provider or DNS for the plans that include it', async () => {
    const sso = await admin.client.post('/api/users/sso-configuration', {
      provider: 'okta',
      idp_entity_id: 'http://idp.example/entity',
      sso_url: 'https://idp.example/sso',
      x509_cert: 'not a certificate',
      enabled: true,
    });
    expect(sso.statusCode).toBe(403);
    expect(errorOf(sso)).toMatchObject({ error_type: 'upgrade', errors: [upgradeMessage('sso')] });
  });

  describe('once the trial ended', () => {
    beforeAll(async () => {
      await endTrial(laurel, accountId);
    });

    it('reports the free tier, and the trial as ended', async () => {
      const account = await current();
      expect(account).toMatchObject({
        trial_days_remaining: 0,
        trial: { plan_id: TRIAL_PLAN, days_remaining: 0, running: false },
        allow_qrcode: false,
        allow_two_side_certificate: false,
        plan: { settings: { max_own_fonts: 0 } },
      });
      expect(Object.values(account.plan.features).some(Boolean)).toBe(false);
    });

    it('refuses new use with the usual upgrade message', async () => {
      const refusals = [
        [await admin.client.call('PUT', `/api/certificates/${setId}`, { name: 'Day Skipper', ...design }), 'qr_code'],
        [await admin.client.get(`/api/certificates/${setId}/qr/50`), 'qr_code'],
        [await admin.client.post('/api/mappings', { ...mapping, name: 'Another export' }), 'mapping_save'],
        [await admin.client.post('/api/projects/run-export-bulk', { projectIds: [projectId], export_type: 'csv' }), 'export'],
      ] as const;
      for (const [response, feature] of refusals) {
        expect(response.statusCode, feature).toBe(403);
        expect(errorOf(response), feature).toMatchObject({
          error_type: 'upgrade',
          redirect: '/account/subscription',
          errors: [upgradeMessage(feature)],
        });
      }
      const closed = await portal.get('/api/accounts/portal/account');
      expect(closed.statusCode).toBe(404);
      expect(errorOf(closed)).toMatchObject({ error_type: 'invalid_account', errors: [PORTAL_MESSAGES.invalidAccount] });
    });

    it('keeps what the trial made and sent: the saved design and the certificate with its page and PDF', async () => {
      const set = await admin.client.get(`/api/certificates/${setId}`);
      expect(set.statusCode).toBe(200);
      expect(set.json().elements.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['logo', 'qrcode']));
      expect(set.json()).toMatchObject({ use_two_side: true });
      const [sent] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
      const visitor = new ApiClient(laurel);
      const page = await visitor.get(`/c/${sent!.token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Ines Ito');
      const pdf = await visitor.get(`/api/c/${sent!.token}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});

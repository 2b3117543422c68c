import { describe, expect, it } from 'vitest';
import {
  accountFeatures,
  accountTrial,
  accountTrialDaysRemaining,
  activePlan,
  certificateSetLimit,
  FEATURES,
  featureAllowed,
  maxActiveTeamUsers,
  maxOwnFonts,
  mayManageUsers,
  mayUseOwnFonts,
  onDiscontinuedPlan,
  onTrial,
  PLANS,
  planDisplayName,
  reportedFeature,
  requiredPlan,
  TRIAL_PLAN,
  trialDaysRemaining,
  trialLabel,
  trialPlan,
  upgradeMessage,
} from '../src/index.ts';

/** The moment every rule here is asked about. */
const NOW = new Date('2025-06-15T12:00:00Z');
const DAY = 86_400_000;
/** An account whose trial ended long before NOW, unless `extra` says otherwise. */
const on = <Extra extends object = object>(plan: string | null, extra: Extra = {} as Extra) => ({
  stripe_active: plan !== null,
  stripe_plan: plan,
  subscription_in_pending: false,
  credits: 0,
  subscription_credits: 0,
  trial_started_at: new Date('2025-01-01T00:00:00Z'),
  ...extra,
});
/** An account without a plan whose trial started `days` days before NOW. */
const trialDay = <Extra extends object = object>(days: number, extra: Extra = {} as Extra) =>
  on(null, { trial_started_at: new Date(NOW.getTime() - days * DAY), ...extra });

describe('the plan catalogue', () => {
  it('lists the four plans with the spec credits and prices', () => {
    expect(PLANS.map((p) => [p.id, p.display_name, p.monthly_credits, p.price_usd])).toEqual([
      ['basic-monthly-3', 'Basic Monthly', 150, 19],
      ['advanced-monthly-3', 'Advanced Monthly', 250, 29],
      ['professional-monthly-3', 'Professional Monthly', 500, 49],
      ['enterprise-monthly-3', 'Enterprise Monthly', 1000, 79],
    ]);
  });

  it('unlocks each feature from its plan upward, and never without a plan once the trial ended', () => {
    for (const feature of FEATURES) {
      const first = requiredPlan(feature);
      expect(featureAllowed(on(null), feature, NOW)).toBe(false);
      for (const plan of PLANS)
        expect(featureAllowed(on(plan.id), feature, NOW), `${feature} on ${plan.id}`).toBe(plan.level >= first.level);
    }
    expect(requiredPlan('qr_code').id).toBe('advanced-monthly-3');
    expect(requiredPlan('two_sided').id).toBe('professional-monthly-3');
    expect(requiredPlan('sso').id).toBe('enterprise-monthly-3');
    expect(requiredPlan('linkedin').id).toBe('basic-monthly-3');
  });

  it('keeps the account overrides for QR codes and two-sided certificates', () => {
    expect(featureAllowed(on(null, { allow_qrcode: true }), 'qr_code', NOW)).toBe(true);
    expect(featureAllowed(on(null, { allow_two_side_certificate: true }), 'two_sided', NOW)).toBe(true);
    expect(featureAllowed(on(null, { allow_qrcode: true }), 'two_sided', NOW)).toBe(false);
  });

  it('suspends custom fonts and team logins while a plan change is pending', () => {
    const pending = on('enterprise-monthly-3', { subscription_in_pending: true });
    expect(featureAllowed(pending, 'custom_fonts', NOW)).toBe(false);
    expect(mayManageUsers(pending, NOW)).toBe(false);
    expect(featureAllowed(pending, 'qr_code', NOW)).toBe(true);
    expect(maxOwnFonts(on('advanced-monthly-3'), NOW)).toBe(5);
    expect(maxOwnFonts(on('basic-monthly-3'), NOW)).toBe(0);
    expect(maxActiveTeamUsers(on('enterprise-monthly-3'), NOW)).toBe(50);
    expect(maxActiveTeamUsers(on('professional-monthly-3'), NOW)).toBe(5);
  });

  it('counts discontinued and inactive plans as none', () => {
    const old = on('prem-monthly');
    expect(activePlan(old)).toBeUndefined();
    expect(onDiscontinuedPlan(old)).toBe(true);
    expect(Object.values(accountFeatures(old, NOW)).some(Boolean)).toBe(false);
    expect(activePlan({ stripe_active: false, stripe_plan: 'enterprise-monthly-3' })).toBeUndefined();
  });

  it('names Free and Pay As You Go by the credits held', () => {
    expect(planDisplayName(on(null, { credits: 20, subscription_credits: 30 }))).toBe('Free');
    expect(planDisplayName(on(null, { credits: 51 }))).toBe('Pay As You Go');
    expect(planDisplayName(on('professional-monthly-3', { credits: 900 }))).toBe('Professional Monthly');
  });

  it('words the upgrade message with the plan that unlocks the feature', () => {
    expect(upgradeMessage('qr_code')).toBe('QR codes are available on the Advanced Monthly plan or higher.');
    expect(upgradeMessage('mapping_save')).toBe('Saving mappings is available on the Basic Monthly plan or higher.');
    expect(upgradeMessage('custom_url')).toBe('A custom portal URL is available on the Enterprise Monthly plan or higher.');
  });

  it('counts trial days down from 14, never below 0', () => {
    const start = new Date('2025-03-01T12:00:00Z');
    expect(trialDaysRemaining(start, new Date('2025-03-01T18:00:00Z'))).toBe(14);
    expect(trialDaysRemaining(start, new Date('2025-03-06T12:00:00Z'))).toBe(9);
    expect(trialDaysRemaining(start, new Date('2025-05-01T12:00:00Z'))).toBe(0);
  });

  it('shows no trial days while a plan is held, paid or granted, and the trial’s own count without one', () => {
    const started = { trial_started_at: new Date('2025-03-01T12:00:00Z') };
    const day3 = new Date('2025-03-04T12:00:00Z');
    expect(accountTrialDaysRemaining(on(null, started), day3)).toBe(11);
    expect(accountTrialDaysRemaining(on('professional-monthly-3', started), day3)).toBe(0);
    // A plan no longer sold counts as none.
    expect(accountTrialDaysRemaining(on('prem-monthly', started), day3)).toBe(11);
  });

  it('limits certificate sets to the account’s own allowance without a plan, and lifts the limit while a plan is held', () => {
    expect(certificateSetLimit(on(null, { allowed_sets: 1 }))).toBe(1);
    expect(certificateSetLimit(on(null, { allowed_sets: 4 }))).toBe(4);
    for (const plan of PLANS)
      expect(certificateSetLimit(on(plan.id, { allowed_sets: 1 }))).toBe(plan.certificate_sets === null ? null : 1 + plan.certificate_sets);
    expect(certificateSetLimit(on('enterprise-monthly-3', { allowed_sets: 1 }))).toBeNull();
    expect(certificateSetLimit(on('prem-monthly', { allowed_sets: 2 }))).toBe(2);
  });
});

describe('the free trial (docs/decisions/0069-what-a-trial-unlocks.md)', () => {
  it('lends every feature of the trial plan, and only those, while days remain', () => {
    expect(trialPlan().id).toBe(TRIAL_PLAN);
    const running = trialDay(3);
    expect(onTrial(running, NOW)).toBe(true);
    for (const feature of FEATURES)
      expect(featureAllowed(running, feature, NOW), feature).toBe(PLANS.find((p) => p.id === TRIAL_PLAN)!.features[feature]);
    // What a first send shows is all there; what needs the customer's identity provider or DNS is not.
    for (const feature of ['logo', 'qr_code', 'two_sided', 'export', 'recipient_portal', 'linkedin', 'mapping_save'] as const)
      expect(featureAllowed(running, feature, NOW), feature).toBe(true);
    for (const feature of ['sso', 'custom_url', 'portal_customisation'] as const)
      expect(featureAllowed(running, feature, NOW), feature).toBe(false);
    expect(mayUseOwnFonts(running, NOW)).toBe(true);
    expect(maxOwnFonts(running, NOW)).toBe(trialPlan().max_own_fonts);
    expect(mayManageUsers(running, NOW)).toBe(true);
    expect(maxActiveTeamUsers(running, NOW)).toBe(trialPlan().max_active_users);
  });

  it('lends features, not quantities: credits and certificate sets stay the free tier’s', () => {
    const running = trialDay(0, { allowed_sets: 1, credits: 50 });
    expect(certificateSetLimit(running)).toBe(1);
    expect(planDisplayName(running)).toBe('Free');
  });

  it('ends after exactly 14 days, back to the free tier', () => {
    const lastMoment = trialDay(14 - 1 / (24 * 3600));
    expect(onTrial(lastMoment, NOW)).toBe(true);
    expect(featureAllowed(lastMoment, 'qr_code', NOW)).toBe(true);
    const ended = trialDay(14);
    expect(onTrial(ended, NOW)).toBe(false);
    expect(Object.values(accountFeatures(ended, NOW)).some(Boolean)).toBe(false);
    expect(maxOwnFonts(ended, NOW)).toBe(0);
    expect(mayManageUsers(ended, NOW)).toBe(false);
    // The overrides a super-admin set outlast it.
    expect(featureAllowed(trialDay(30, { allow_qrcode: true }), 'qr_code', NOW)).toBe(true);
  });

  it('gives way to a plan held: the plan’s features, not the trial’s', () => {
    const basicDuringTrial = { ...trialDay(2), stripe_active: true, stripe_plan: 'basic-monthly-3' };
    expect(onTrial(basicDuringTrial, NOW)).toBe(false);
    expect(featureAllowed(basicDuringTrial, 'logo', NOW)).toBe(true);
    expect(featureAllowed(basicDuringTrial, 'two_sided', NOW)).toBe(false);
    expect(accountTrial(basicDuringTrial, NOW)).toBeNull();
    // A plan no longer sold counts as none, so the trial applies.
    expect(featureAllowed(on('prem-monthly', { trial_started_at: trialDay(2).trial_started_at }), 'two_sided', NOW)).toBe(true);
  });

  it('describes itself for the screens, running and ended', () => {
    const running = trialDay(5);
    expect(accountTrial(running, NOW)).toEqual({
      plan_id: TRIAL_PLAN,
      plan_name: 'Professional',
      days_remaining: 9,
      ends_at: new Date(running.trial_started_at.getTime() + 14 * DAY),
      running: true,
    });
    expect(accountTrial(trialDay(20), NOW)).toMatchObject({ days_remaining: 0, running: false });
    expect(trialLabel({ plan_name: 'Professional', days_remaining: 9 })).toBe('Trial · Professional features · 9 days left');
    expect(trialLabel({ plan_name: 'Professional', days_remaining: 1 })).toBe('Trial · Professional features · 1 day left');
  });

  it('is read by the screens from what the server reported', () => {
    const reported = { plan: { features: { ...accountFeatures(trialDay(1), NOW) } } };
    expect(reportedFeature(reported, 'two_sided')).toBe(true);
    expect(reportedFeature({ plan: { features: { ...accountFeatures(trialDay(15), NOW) } } }, 'two_sided')).toBe(false);
    expect(reportedFeature({ plan: { features: {} } }, 'logo')).toBe(false);
  });
});

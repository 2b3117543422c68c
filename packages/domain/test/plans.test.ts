import { describe, expect, it } from 'vitest';
import {
  accountFeatures,
  accountTrialDaysRemaining,
  activePlan,
  certificateSetLimit,
  FEATURES,
  featureAllowed,
  maxActiveTeamUsers,
  maxOwnFonts,
  mayManageUsers,
  onDiscontinuedPlan,
  PLANS,
  planDisplayName,
  requiredPlan,
  trialDaysRemaining,
  upgradeMessage,
} from '../src/index.ts';

const on = <Extra extends object = object>(plan: string | null, extra: Extra = {} as Extra) => ({
  stripe_active: plan !== null,
  stripe_plan: plan,
  subscription_in_pending: false,
  credits: 0,
  subscription_credits: 0,
  ...extra,
});

describe('the plan catalogue', () => {
  it('lists the four plans with the spec credits and prices', () => {
    expect(PLANS.map((p) => [p.id, p.display_name, p.monthly_credits, p.price_usd])).toEqual([
      ['basic-monthly-3', 'Basic Monthly', 150, 19],
      ['advanced-monthly-3', 'Advanced Monthly', 250, 29],
      ['professional-monthly-3', 'Professional Monthly', 500, 49],
      ['enterprise-monthly-3', 'Enterprise Monthly', 1000, 79],
    ]);
  });

  it('unlocks each feature from its plan upward, and never without a plan', () => {
    for (const feature of FEATURES) {
      const first = requiredPlan(feature);
      expect(featureAllowed(on(null), feature)).toBe(false);
      for (const plan of PLANS) expect(featureAllowed(on(plan.id), feature), `${feature} on ${plan.id}`).toBe(plan.level >= first.level);
    }
    expect(requiredPlan('qr_code').id).toBe('advanced-monthly-3');
    expect(requiredPlan('two_sided').id).toBe('professional-monthly-3');
    expect(requiredPlan('sso').id).toBe('enterprise-monthly-3');
    expect(requiredPlan('linkedin').id).toBe('basic-monthly-3');
  });

  it('keeps the account overrides for QR codes and two-sided certificates', () => {
    expect(featureAllowed(on(null, { allow_qrcode: true }), 'qr_code')).toBe(true);
    expect(featureAllowed(on(null, { allow_two_side_certificate: true }), 'two_sided')).toBe(true);
    expect(featureAllowed(on(null, { allow_qrcode: true }), 'two_sided')).toBe(false);
  });

  it('suspends custom fonts and team logins while a plan change is pending', () => {
    const pending = on('enterprise-monthly-3', { subscription_in_pending: true });
    expect(featureAllowed(pending, 'custom_fonts')).toBe(false);
    expect(mayManageUsers(pending)).toBe(false);
    expect(featureAllowed(pending, 'qr_code')).toBe(true);
    expect(maxOwnFonts(on('advanced-monthly-3'))).toBe(5);
    expect(maxOwnFonts(on('basic-monthly-3'))).toBe(0);
    expect(maxActiveTeamUsers(on('enterprise-monthly-3'))).toBe(50);
    expect(maxActiveTeamUsers(on('professional-monthly-3'))).toBe(5);
  });

  it('counts discontinued and inactive plans as none', () => {
    const old = on('prem-monthly');
    expect(activePlan(old)).toBeUndefined();
    expect(onDiscontinuedPlan(old)).toBe(true);
    expect(Object.values(accountFeatures(old)).some(Boolean)).toBe(false);
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

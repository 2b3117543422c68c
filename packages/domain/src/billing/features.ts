import { SUB_USERS_ACTIVE_MAX } from '../constants.ts';
import {
  DISCONTINUED_PLAN_IDS,
  FEATURE_FIRST_PLAN,
  FEATURES,
  type Feature,
  FREE_TIER,
  PLANS,
  type Plan,
  type PlanId,
  TRIAL_DAYS,
  TRIAL_PLAN,
} from './catalogue.ts';

/** What the plan rules read from an account. */
export interface PlanHolder {
  stripe_active: boolean;
  stripe_plan: string | null;
}

/** What the trial rules read: when the account's free trial started (registration, or a super-admin's reset). */
export interface TrialHolder {
  trial_started_at: Date;
}

/**
 * What the feature rules read: the plan, the trial, a pending plan change, and the overrides a super-admin may
 * set. Every feature rule also takes the moment it is asked about, since the trial ends with time.
 */
export interface FeatureHolder extends PlanHolder, TrialHolder {
  subscription_in_pending?: boolean;
  allow_qrcode?: boolean;
  allow_two_side_certificate?: boolean;
}

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function isPlanId(id: string): id is PlanId {
  return PLANS.some((p) => p.id === id);
}

export function isDiscontinuedPlan(id: string | null | undefined): boolean {
  return (DISCONTINUED_PLAN_IDS as readonly (string | null | undefined)[]).includes(id);
}

/** The plan an account really has: discontinued or inactive plans count as none. */
export function activePlan(account: PlanHolder): Plan | undefined {
  return account.stripe_active ? findPlan(account.stripe_plan) : undefined;
}

export function planLevel(account: PlanHolder): number {
  return activePlan(account)?.level ?? 0;
}

/** The account still carries a plan that is no longer sold: the screens warn, the rules treat it as none. */
export function onDiscontinuedPlan(account: PlanHolder): boolean {
  return account.stripe_active && isDiscontinuedPlan(account.stripe_plan);
}

/** Features a pending plan change suspends (docs/product/builder.md#who-may-do-what users, docs/product/builder.md#who-may-do-what custom fonts). */
const SUSPENDED_WHILE_PENDING: readonly Feature[] = ['custom_fonts', 'team'];

/**
 * The plan whose features and feature limits the account has at `now`: its active plan, else the trial's plan
 * while the trial lasts (docs/product/billing-and-credits.md#the-free-trial), else none (the free tier).
 */
export function featurePlan(account: PlanHolder & TrialHolder, now: Date): Plan | undefined {
  return activePlan(account) ?? (onTrial(account, now) ? trialPlan() : undefined);
}

/**
 * Whether the account may use a feature at `now`: the feature plan's flag (its own plan, or the trial's), or the
 * account's own override for QR codes and two-sided certificates (`allow_qrcode`, `allow_two_side_certificate`).
 */
export function featureAllowed(account: FeatureHolder, feature: Feature, now: Date): boolean {
  if (feature === 'qr_code' && account.allow_qrcode) return true;
  if (feature === 'two_sided' && account.allow_two_side_certificate) return true;
  const plan = featurePlan(account, now);
  if (!plan?.features[feature]) return false;
  return !(SUSPENDED_WHILE_PENDING.includes(feature) && account.subscription_in_pending);
}

/** Every feature with whether the account has it at `now`. */
export function accountFeatures(account: FeatureHolder, now: Date): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((f) => [f, featureAllowed(account, f, now)])) as Record<Feature, boolean>;
}

/**
 * What a screen reads: the features the server worked out for the account when it answered (`plan.features` of
 * the account in the current-user reply), so that the web and the server never weigh a plan or a trial apart.
 */
export function reportedFeature(account: { plan: { features: Readonly<Record<string, boolean>> } }, feature: Feature): boolean {
  return account.plan.features[feature] === true;
}

/** The cheapest plan that unlocks a feature. */
export function requiredPlan(feature: Feature): Plan {
  return findPlan(FEATURE_FIRST_PLAN[feature])!;
}

/** How an upgrade message names each feature, and whether it reads as plural. */
const UPGRADE_SUBJECTS: Readonly<Record<Feature, readonly [string, boolean]>> = {
  recipient_portal: ['The recipient portal', false],
  linkedin: ['Adding certificates to LinkedIn', false],
  logo: ['Adding your logo', false],
  mapping_save: ['Saving mappings', false],
  export: ['Exports', true],
  custom_fonts: ['Custom fonts', true],
  qr_code: ['QR codes', true],
  two_sided: ['Two-sided certificates', true],
  team: ['Team logins', true],
  portal_customisation: ['Portal customisation', false],
  sso: ['Single sign-on', false],
  custom_url: ['A custom portal URL', false],
};

/** The message of a refusal: what the feature is and the plan that unlocks it. */
export function upgradeMessage(feature: Feature): string {
  const [subject, plural] = UPGRADE_SUBJECTS[feature];
  return `${subject} ${plural ? 'are' : 'is'} available on the ${requiredPlan(feature).display_name} plan or higher.`;
}

/** Where every upgrade prompt leads. */
export const UPGRADE_PATH = '/account/subscription';

/** Display name when not subscribed: Free with 50 credits or fewer, else Pay As You Go (docs/product/billing-and-credits.md#flows). */
export function planDisplayName(account: PlanHolder & { credits: number; subscription_credits: number }): string {
  const plan = activePlan(account);
  if (plan) return plan.display_name;
  return availableCredits(account) > FREE_TIER.free_display_max_credits ? 'Pay As You Go' : 'Free';
}

export function availableCredits(account: { credits: number; subscription_credits: number }): number {
  return account.credits + account.subscription_credits;
}

/** Days left of the free trial: 14 minus days elapsed, never below 0 (docs/product/billing-and-credits.md#flows). */
export function trialDaysRemaining(startedAt: Date, now: Date, trialDays = TRIAL_DAYS): number {
  const elapsed = Math.floor((now.getTime() - startedAt.getTime()) / 86_400_000);
  return Math.max(0, trialDays - elapsed);
}

/** The trial days an account shows: none while it holds a plan (paid or granted), else what is left of its trial. */
export function accountTrialDaysRemaining(account: PlanHolder & TrialHolder, now: Date): number {
  return activePlan(account) ? 0 : trialDaysRemaining(account.trial_started_at, now);
}

/** The account is on its free trial: it holds no plan and trial days remain. */
export function onTrial(account: PlanHolder & TrialHolder, now: Date): boolean {
  return accountTrialDaysRemaining(account, now) > 0;
}

/** The plan whose features a trial lends. */
export function trialPlan(): Plan {
  return findPlan(TRIAL_PLAN)!;
}

/** The moment the trial ends: the last remaining day runs out exactly `TRIAL_DAYS` days after it started. */
export function trialEndsAt(account: TrialHolder): Date {
  return new Date(account.trial_started_at.getTime() + TRIAL_DAYS * 86_400_000);
}

/** The trial as the screens show it; null while the account holds a plan, which makes the trial beside the point. */
export interface TrialState {
  plan_id: PlanId;
  plan_name: string;
  days_remaining: number;
  ends_at: Date;
  running: boolean;
}

export function accountTrial(account: PlanHolder & TrialHolder, now: Date): TrialState | null {
  if (activePlan(account)) return null;
  const plan = trialPlan();
  const days = trialDaysRemaining(account.trial_started_at, now);
  return { plan_id: plan.id, plan_name: plan.name, days_remaining: days, ends_at: trialEndsAt(account), running: days > 0 };
}

/** How the screens name a running trial: "Trial · Professional features · 9 days left". */
export function trialLabel(trial: { plan_name: string; days_remaining: number }): string {
  return `Trial · ${trial.plan_name} features · ${trial.days_remaining} ${trial.days_remaining === 1 ? 'day' : 'days'} left`;
}

/** Custom fonts the account may hold at `now`: its feature plan's number, while it may use custom fonts. */
export function maxOwnFonts(account: FeatureHolder, now: Date): number {
  return featureAllowed(account, 'custom_fonts', now) ? (featurePlan(account, now)?.max_own_fonts ?? 0) : 0;
}

/** Custom fonts need a plan (or the trial) above Basic and no pending subscription change (docs/product/billing-and-credits.md#who-may-do-what). */
export function mayUseOwnFonts(account: FeatureHolder, now: Date): boolean {
  return featureAllowed(account, 'custom_fonts', now);
}

/** Managing users needs a plan (or the trial) with team logins and no pending subscription change (docs/product/billing-and-credits.md#who-may-do-what). */
export function mayManageUsers(account: FeatureHolder, now: Date): boolean {
  return featureAllowed(account, 'team', now);
}

/** How many sub-users may be active at once: the feature plan's logins, else the general 5 (docs/product/billing-and-credits.md#rules-and-limits). */
export function maxActiveTeamUsers(account: PlanHolder & TrialHolder, now: Date): number {
  return featurePlan(account, now)?.max_active_users || SUB_USERS_ACTIVE_MAX;
}

/** The credits a plan grants each month: the ceiling of all sub-users' monthly refills together. A trial grants none of its own. */
export function monthlyPlanCredits(account: PlanHolder): number {
  return activePlan(account)?.monthly_credits ?? 0;
}

/**
 * Certificate sets the account may own, or null for no limit: its own allowance (registration's free-tier
 * 1, raised by purchases and super-admins) plus what its plan adds, from the catalogue. A trial lends features,
 * not sets: sets made during it would outlast it (docs/decisions/0069-what-a-trial-unlocks.md).
 */
export function certificateSetLimit(account: PlanHolder & { allowed_sets: number }): number | null {
  const plan = activePlan(account);
  if (plan && plan.certificate_sets === null) return null;
  return account.allowed_sets + (plan?.certificate_sets ?? 0);
}

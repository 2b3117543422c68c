/** Plans, credit packs and the rules derived from them (spec 1 §4, §6, §9). */

export interface Plan {
  id: string;
  display_name: string;
  monthly_credits: number;
  price_usd: number;
  level: number;
}

export const PLANS: readonly Plan[] = [
  { id: 'basic-monthly-3', display_name: 'Basic Monthly', monthly_credits: 150, price_usd: 19, level: 1 },
  { id: 'advanced-monthly-3', display_name: 'Advanced Monthly', monthly_credits: 250, price_usd: 29, level: 2 },
  { id: 'professional-monthly-3', display_name: 'Professional Monthly', monthly_credits: 500, price_usd: 49, level: 3 },
  { id: 'enterprise-monthly-3', display_name: 'Enterprise Monthly', monthly_credits: 1000, price_usd: 79, level: 4 },
];

/** Plans no longer sold: they show a warning and count as no active plan. */
export const DISCONTINUED_PLAN_IDS = ['prem-monthly-2', 'basic-monthly-2', 'basic-monthly', 'prem-monthly'] as const;

export const CREDIT_PACKS = [
  { credits: 150, price_usd: 24 },
  { credits: 250, price_usd: 34 },
  { credits: 500, price_usd: 59 },
  { credits: 1000, price_usd: 99 },
] as const;

/** Pay-as-you-go checkout prices in cents, per pack, times quantity. */
export const PAYG_PRICE_CENTS: Readonly<Record<number, number>> = { 150: 2900, 250: 3900, 500: 6900, 1000: 11900 };

export const CERTIFICATE_SET_PRICE_USD = 29;

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export interface PlanHolder {
  stripe_active: boolean;
  stripe_plan: string | null;
}

/** The plan an account really has: discontinued or inactive plans count as none. */
export function activePlan(account: PlanHolder): Plan | undefined {
  return account.stripe_active ? findPlan(account.stripe_plan) : undefined;
}

export function planLevel(account: PlanHolder): number {
  return activePlan(account)?.level ?? 0;
}

/** Display name when not subscribed: Free with 50 credits or fewer, else Pay As You Go. */
export function planDisplayName(account: PlanHolder & { credits: number; subscription_credits: number }): string {
  const plan = activePlan(account);
  if (plan) return plan.display_name;
  return availableCredits(account) > FREE_CREDITS_THRESHOLD ? 'Pay As You Go' : 'Free';
}

const FREE_CREDITS_THRESHOLD = 50;

export function availableCredits(account: { credits: number; subscription_credits: number }): number {
  return account.credits + account.subscription_credits;
}

export function trialDaysRemaining(createdAt: Date, now: Date, trialDays = 14): number {
  const elapsed = Math.floor((now.getTime() - createdAt.getTime()) / 86_400_000);
  return Math.max(0, trialDays - elapsed);
}

/** Custom fonts allowed per plan level (spec 2 §6: Advanced and up, a count per plan). */
const MAX_OWN_FONTS_BY_LEVEL = [0, 0, 5, 10, 25] as const;

export function maxOwnFonts(account: PlanHolder): number {
  return MAX_OWN_FONTS_BY_LEVEL[planLevel(account)] ?? 0;
}

/** Custom fonts need an active plan above Basic and no pending subscription change (spec 2 §6). */
export function mayUseOwnFonts(account: PlanHolder & { subscription_in_pending: boolean }): boolean {
  return planLevel(account) >= 2 && !account.subscription_in_pending;
}

// ---- Managing users (spec 1 §6, §9) ------------------------------------------------------------------

/** Plans on which an account admin may not manage users, whatever their state. */
const PLANS_WITHOUT_USERS: readonly string[] = ['basic-monthly-3', 'advanced-monthly-3'];
const ENTERPRISE_PLAN_ID = 'enterprise-monthly-3';

/** An account's sub-users, active or not, never exceed this. */
export const MAX_TEAM_USERS = 50;
const MAX_ACTIVE_TEAM_USERS = 5;
const MAX_ACTIVE_TEAM_USERS_ENTERPRISE = 50;

/** -1 in `allocated_credits` means the sub-user may spend whatever the account holds. */
export const UNLIMITED_CREDITS = -1;

/** Managing users needs an active subscription above Advanced and no pending subscription change. */
export function mayManageUsers(account: PlanHolder & { subscription_in_pending: boolean }): boolean {
  const plan = activePlan(account);
  return !!plan && !PLANS_WITHOUT_USERS.includes(plan.id) && !account.subscription_in_pending;
}

/** How many sub-users may be active at once. */
export function maxActiveTeamUsers(account: PlanHolder): number {
  return activePlan(account)?.id === ENTERPRISE_PLAN_ID ? MAX_ACTIVE_TEAM_USERS_ENTERPRISE : MAX_ACTIVE_TEAM_USERS;
}

/** The credits a plan grants each month: the ceiling of all sub-users' monthly refills together. */
export function monthlyPlanCredits(account: PlanHolder): number {
  return activePlan(account)?.monthly_credits ?? 0;
}

/** The spec's words for the sub-user rules (spec 1 §5, §6, §8). */
export const TEAM_MESSAGES = {
  notAllowed: 'Action not allowed',
  maxUsers: 'You already have maximum allowed users count.',
  activeLimit: (active: number) =>
    `You have ${active} active users, deactivate another user or upgrade to Enterprise Monthly for more user accounts.`,
  atLeastOne: 'At least one must be checked.',
  formErrors: 'Attention: The submitted form contains errors. Please update the highlighted fields to proceed.',
  added: 'Account user added successfully.',
  updated: 'Account user update successfully.',
  deleted: 'User deleted successfully.',
  transferred: 'Projects successfully transferred',
  invitationSent: 'Invitation sent.',
} as const;

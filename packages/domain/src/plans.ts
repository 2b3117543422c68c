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

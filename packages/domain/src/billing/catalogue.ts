/**
 * The plan catalogue (docs/product/billing-and-credits.md): every plan fact in one place. The server
 * enforces it, the web shows it, `GET /api/config` and `GET /api/plans` carry it; nothing restates it.
 */

/** The features a plan may unlock, each by name. */
export const FEATURES = [
  'recipient_portal',
  'linkedin',
  'logo',
  'mapping_save',
  'export',
  'custom_fonts',
  'qr_code',
  'two_sided',
  'team',
  'portal_customisation',
  'sso',
  'custom_url',
] as const;
export type Feature = (typeof FEATURES)[number];

export const PLAN_IDS = ['basic-monthly-3', 'advanced-monthly-3', 'professional-monthly-3', 'enterprise-monthly-3'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * The cheapest plan that unlocks each feature; every plan above it has it too (docs/product/billing-and-credits.md#who-may-do-what: Basic adds the
 * portal and LinkedIn; Advanced custom fonts and QR codes; Professional two-sided certificates and logins;
 * Enterprise portal customisation, SSO and a custom URL). Logo, saved mappings and exports are "premium"
 * (docs/product/billing-and-credits.md#rules-and-limits, docs/product/billing-and-credits.md#who-may-do-what): any paid plan.
 */
export const FEATURE_FIRST_PLAN: Readonly<Record<Feature, PlanId>> = {
  recipient_portal: 'basic-monthly-3',
  linkedin: 'basic-monthly-3',
  logo: 'basic-monthly-3',
  mapping_save: 'basic-monthly-3',
  export: 'basic-monthly-3',
  custom_fonts: 'advanced-monthly-3',
  qr_code: 'advanced-monthly-3',
  two_sided: 'professional-monthly-3',
  team: 'professional-monthly-3',
  portal_customisation: 'enterprise-monthly-3',
  sso: 'enterprise-monthly-3',
  custom_url: 'enterprise-monthly-3',
};

/** How each feature is named in lists and upgrade messages. */
export const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  recipient_portal: 'Recipient portal',
  linkedin: 'Add to LinkedIn profile',
  logo: 'Your logo on certificates',
  mapping_save: 'Saved column mappings',
  export: 'Exports',
  custom_fonts: 'Custom fonts',
  qr_code: 'QR code authenticity',
  two_sided: 'Two-sided certificates',
  team: 'Team logins',
  portal_customisation: 'Portal customisation',
  sso: 'Single sign-on',
  custom_url: 'Custom portal URL',
};

export interface Plan {
  id: PlanId;
  /** The plan's name without its billing period, as the trial names the features it lends ("Professional"). */
  name: string;
  display_name: string;
  monthly_credits: number;
  price_usd: number;
  /** 1 Basic to 4 Enterprise; 0 is no plan. */
  level: number;
  features: Readonly<Record<Feature, boolean>>;
  /** Custom fonts the account may hold (docs/product/builder.md#who-may-do-what max_own_fonts). */
  max_own_fonts: number;
  /** Sub-users that may be active at once (0 where the plan has no team logins; docs/product/billing-and-credits.md#who-may-do-what, docs/product/billing-and-credits.md#rules-and-limits). */
  max_active_users: number;
  /**
   * Certificate sets the plan adds to the account's own allowance (`allowed_sets`: the free tier's 1 and
   * the sets bought), or null for no limit while the plan is held: the one set is the
   * unsubscribed accounts', and the set limit is one of the limits an upgrade lifts ("Plans and the manual billing
   * provider", docs/decisions/0027-plans-and-manual-billing-provider.md).
   */
  certificate_sets: number | null;
}

const PLAN_ROWS: readonly Omit<Plan, 'features'>[] = [
  {
    id: 'basic-monthly-3',
    name: 'Basic',
    display_name: 'Basic Monthly',
    monthly_credits: 150,
    price_usd: 19,
    level: 1,
    max_own_fonts: 0,
    max_active_users: 0,
    certificate_sets: null,
  },
  {
    id: 'advanced-monthly-3',
    name: 'Advanced',
    display_name: 'Advanced Monthly',
    monthly_credits: 250,
    price_usd: 29,
    level: 2,
    max_own_fonts: 5,
    max_active_users: 0,
    certificate_sets: null,
  },
  {
    id: 'professional-monthly-3',
    name: 'Professional',
    display_name: 'Professional Monthly',
    monthly_credits: 500,
    price_usd: 49,
    level: 3,
    max_own_fonts: 10,
    max_active_users: 5,
    certificate_sets: null,
  },
  {
    id: 'enterprise-monthly-3',
    name: 'Enterprise',
    display_name: 'Enterprise Monthly',
    monthly_credits: 1000,
    price_usd: 79,
    level: 4,
    max_own_fonts: 25,
    max_active_users: 50,
    certificate_sets: null,
  },
];

const levelOf = (id: PlanId) => PLAN_ROWS.find((p) => p.id === id)!.level;

export const PLANS: readonly Plan[] = PLAN_ROWS.map((plan) => ({
  ...plan,
  features: Object.fromEntries(FEATURES.map((f) => [f, plan.level >= levelOf(FEATURE_FIRST_PLAN[f])])) as Record<Feature, boolean>,
}));

/** Plans no longer sold: they show a warning and count as no active plan (docs/product/billing-and-credits.md#flows). */
export const DISCONTINUED_PLAN_IDS = ['prem-monthly-2', 'basic-monthly-2', 'basic-monthly', 'prem-monthly'] as const;

/** An account without a plan (docs/product/billing-and-credits.md#flows, docs/product/billing-and-credits.md#rules-and-limits). */
export const FREE_TIER = {
  monthly_credits: 50,
  /** Above this many available credits an account without a plan shows as Pay As You Go, not Free. */
  free_display_max_credits: 50,
  certificate_sets: 1,
  /** The figures the lower tier's upgrade messages quote (docs/product/billing-and-credits.md#who-may-do-what). */
  limited_tier: { certificate_sets: 3, projects: 5 },
} as const;

/** How long the free trial every new account starts with lasts, from `trial_started_at`. */
export const TRIAL_DAYS = 14;

/**
 * The plan whose features the free trial lends, while it lasts and the account holds no plan
 * (docs/product/billing-and-credits.md#the-free-trial, docs/decisions/0069-what-a-trial-unlocks.md). Professional
 * has everything a first send can show (logo, QR code, back side, portal, LinkedIn, saved mappings, exports, own
 * fonts, team logins); Enterprise adds single sign-on and a custom portal URL, which need the customer's identity
 * provider and DNS and would break for the recipients of the trial's certificates the day the trial ends. The trial
 * lends features only: credits and certificate sets stay the free tier's.
 */
export const TRIAL_PLAN: PlanId = 'professional-monthly-3';

/** Automatic-purchase packs (docs/product/billing-and-credits.md#screens, docs/product/billing-and-credits.md#rules-and-limits). */
export const CREDIT_PACKS = [
  { credits: 150, price_usd: 24 },
  { credits: 250, price_usd: 34 },
  { credits: 500, price_usd: 59 },
  { credits: 1000, price_usd: 99 },
] as const;

/** Pay-as-you-go checkout prices in cents, per pack, times quantity (docs/product/billing-and-credits.md#rules-and-limits). */
export const PAYG_PRICE_CENTS: Readonly<Record<number, number>> = { 150: 2900, 250: 3900, 500: 6900, 1000: 11900 };
export const PAYG_PACKS = Object.entries(PAYG_PRICE_CENTS).map(([credits, cents]) => ({ credits: Number(credits), price_cents: cents }));

/** One more certificate set, bought once (docs/product/builder.md#buying-more-sets, docs/product/billing-and-credits.md#rules-and-limits). */
export const CERTIFICATE_SET_PRICE_USD = 29;

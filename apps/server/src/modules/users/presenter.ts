import {
  type AccountDto,
  accountFeatures,
  accountTrial,
  accountTrialDaysRemaining,
  activePlan,
  certificateSetLimit,
  creditAnchor,
  FREE_PLAN_MONTHLY_CREDITS,
  maxOwnFonts,
  monthlyCreditsOf,
  nextCreditDate,
  onDiscontinuedPlan,
  planDisplayName,
  twoFactorSetupRequired,
  type UserDto,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, users } from '../../db/schema.ts';

type AccountRow = typeof accounts.$inferSelect;
type UserRow = typeof users.$inferSelect;

export function presentAccount(account: AccountRow, now: Date): AccountDto {
  const plan = activePlan(account);
  const features = accountFeatures(account, now);
  const trial = accountTrial(account, now);
  return {
    id: account.id,
    name: account.name,
    url: account.url,
    imagepath: account.imagepath,
    country: account.country,
    state: account.state,
    credits: account.credits,
    subscription_credits: account.subscription_credits,
    stripe_active: account.stripe_active,
    stripe_plan: account.stripe_plan,
    allowed_sets: account.allowed_sets,
    certificate_set_limit: certificateSetLimit(account),
    credits_owed: account.credits_owed,
    // What the account may do: its plan's (or running trial's) features or the super-admin's override (spec 3: enterprise reads both true).
    allow_qrcode: features.qr_code,
    allow_two_side_certificate: features.two_sided,
    require_two_factor: account.require_two_factor,
    created_at: account.created_at.toISOString(),
    plan: {
      id: plan?.id ?? null,
      display_name: planDisplayName(account),
      settings: { max_own_fonts: maxOwnFonts(account, now) },
      monthly_credits: plan?.monthly_credits ?? FREE_PLAN_MONTHLY_CREDITS,
      price_usd: plan?.price_usd ?? 0,
      discontinued: onDiscontinuedPlan(account),
      features,
    },
    subscription_in_pending: account.subscription_in_pending,
    subscription_updated: account.subscription_updated?.toISOString() ?? null,
    trial_days_remaining: accountTrialDaysRemaining(account, now),
    trial: trial && { ...trial, ends_at: trial.ends_at.toISOString() },
    next_credit_date: monthlyCreditsOf(account) === null ? null : nextCreditDate(creditAnchor(account), now).toISOString(),
  };
}

export function presentUser(user: UserRow, account: AccountRow | null, now: Date, impersonatedBy: string | null = null): UserDto {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    roles: user.roles.map((name) => ({ name })),
    account: account ? presentAccount(account, now) : null,
    image: user.image,
    active: user.active,
    show_intro: user.show_intro,
    show_updates: user.show_updates,
    opt_in: user.opt_in,
    review: user.review,
    allow_all_certificate_sets: user.allow_all_certificate_sets,
    allowed_certificate_sets: user.allowed_certificate_sets,
    allow_certificate_set_create: user.allow_certificate_set_create,
    allow_certificate_set_edits: user.allow_certificate_set_edits,
    allow_certificate_email_edits: user.allow_certificate_email_edits,
    pagination: user.pagination,
    require_google_2fa: user.two_factor_enabled_at !== null,
    two_factor_setup_required: twoFactorSetupRequired({
      roles: user.roles,
      enabled: user.two_factor_enabled_at !== null,
      accountRequires: account?.require_two_factor ?? false,
      impersonated: impersonatedBy !== null,
    }),
    impersonated_by: impersonatedBy,
  };
}

/** The current-user reply: the user, their account, and who is acting as them, if anyone. */
export async function loadUserDto(context: AppContext, user: UserRow, impersonatorId: number | null = null): Promise<UserDto> {
  const account = user.account_id ? ((await context.db.select().from(accounts).where(eq(accounts.id, user.account_id)))[0] ?? null) : null;
  let impersonatedBy: string | null = null;
  if (impersonatorId) {
    const [admin] = await context.db.select().from(users).where(eq(users.id, impersonatorId));
    impersonatedBy = admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.email : null;
  }
  return presentUser(user, account, context.clock.now(), impersonatedBy);
}

import { z } from 'zod';
import {
  CERTIFICATE_SET_PRICE_USD,
  CREDIT_PACKS,
  DISCONTINUED_PLAN_IDS,
  FEATURE_FIRST_PLAN,
  FEATURE_LABELS,
  FEATURES,
  FREE_TIER,
  PAYG_PACKS,
  PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN,
} from '../billing/catalogue.ts';
import { defineCalls, fileReply, id, idParams } from './contract.ts';
import { creditsRequestReply } from './credits.ts';

/** The plan catalogue on the wire, a super-admin's plan grant, and purchase requests without card payments. */

const featureFlags = z.object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<(typeof FEATURES)[number], z.ZodBoolean>);

export const planDto = z
  .object({
    id: z.string(),
    /** The spec's Plan { id, title } of the super-admin screens; the same as display_name. */
    title: z.string(),
    /** The name without its billing period ("Professional"). */
    name: z.string(),
    display_name: z.string(),
    monthly_credits: z.number().int(),
    price_usd: z.number(),
    level: z.number().int(),
    features: featureFlags,
    max_own_fonts: z.number().int(),
    max_active_users: z.number().int(),
    /** Certificate sets the plan adds to the account's allowance; null for no limit. */
    certificate_sets: z.number().int().nullable(),
  })
  .meta({ id: 'Plan' });
export type PlanDto = z.infer<typeof planDto>;

export const planCatalogue = z
  .object({
    plans: z.array(planDto),
    features: z.array(z.object({ id: z.enum(FEATURES), label: z.string(), first_plan: z.string() })),
    discontinued_plan_ids: z.array(z.string()),
    free_tier: z.object({
      monthly_credits: z.number().int(),
      free_display_max_credits: z.number().int(),
      certificate_sets: z.number().int(),
      limited_tier: z.object({ certificate_sets: z.number().int(), projects: z.number().int() }),
    }),
    trial_days: z.number().int(),
    /** The plan whose features a running trial lends (docs/product/billing-and-credits.md#the-free-trial). */
    trial_plan: z.string(),
    credit_packs: z.array(z.object({ credits: z.number().int(), price_usd: z.number() })),
    payg_packs: z.array(z.object({ credits: z.number().int(), price_cents: z.number().int() })),
    certificate_set_price_usd: z.number(),
  })
  .meta({ id: 'PlanCatalogue' });
export type PlanCatalogue = z.infer<typeof planCatalogue>;

/** The catalogue as both `GET /api/config` and `GET /api/plans` carry it. */
export function catalogueReply(): PlanCatalogue {
  return {
    plans: PLANS.map((p) => ({ ...p, title: p.display_name, features: { ...p.features } })),
    features: FEATURES.map((f) => ({ id: f, label: FEATURE_LABELS[f], first_plan: FEATURE_FIRST_PLAN[f] })),
    discontinued_plan_ids: [...DISCONTINUED_PLAN_IDS],
    free_tier: { ...FREE_TIER, limited_tier: { ...FREE_TIER.limited_tier } },
    trial_days: TRIAL_DAYS,
    trial_plan: TRIAL_PLAN,
    credit_packs: CREDIT_PACKS.map((p) => ({ ...p })),
    payg_packs: PAYG_PACKS,
    certificate_set_price_usd: CERTIFICATE_SET_PRICE_USD,
  };
}

/** A plan id, or null / "free" / "" to cancel back to Free (docs/product/billing-and-credits.md#flows: the plan becomes empty). */
const planChoice = z
  .string()
  .trim()
  .max(100)
  .nullable()
  .transform((v) => (v === null || v === '' || v.toLowerCase() === 'free' ? null : v));

export const adminPlanUpdate = z.object({
  /** The account whose plan changes; the path's id wins when both are given. */
  account: id().optional(),
  plan: planChoice,
});
export type AdminPlanUpdate = z.input<typeof adminPlanUpdate>;

/** The account's plan after a super-admin's change. */
export const accountPlanState = z
  .object({
    id: z.number().int(),
    stripe_active: z.boolean(),
    stripe_plan: z.string().nullable(),
    subscription_updated: z.string().nullable(),
    plan: z.object({ id: z.string().nullable(), display_name: z.string() }),
    features: featureFlags,
  })
  .meta({ id: 'AccountPlanState' });
export type AccountPlanState = z.infer<typeof accountPlanState>;

/** What a member asks the operator for when card payments are not set up: the checkout-session's own terms. */
export const purchaseRequest = z.discriminatedUnion('purchase_type', [
  z.object({
    purchase_type: z.literal('subscription'),
    subscription: z.string().trim().min(1).max(100),
    promo_code: z.string().trim().max(100).optional(),
  }),
  z.object({
    purchase_type: z.literal('payg'),
    payg_credits: z.coerce.number<number | string>().int().positive(),
    quantity: z.coerce.number<number | string>().int().min(1).max(100).default(1),
    promo_code: z.string().trim().max(100).optional(),
  }),
  z.object({
    purchase_type: z.literal('certificate_set'),
    certsets: z.coerce.number<number | string>().int().min(1).max(100).default(1),
    promo_code: z.string().trim().max(100).optional(),
  }),
]);
export type PurchaseRequest = z.input<typeof purchaseRequest>;

/** QR image sizes in pixels (docs/product/billing-and-credits.md#calls asks for 50). */
export const QR_SIZES = [50, 75, 100, 150, 200, 300] as const;

export const planCalls = defineCalls('plans', {
  getPlans: {
    method: 'GET',
    path: '/api/plans',
    summary: 'Read the plan catalogue (super-admins)',
    access: 'session',
    response: planCatalogue,
  },
  adminUpdateAccountPlan: {
    method: 'PUT',
    path: '/api/accounts/:id/admin-update-plan',
    summary: "Grant or cancel an account's plan (super-admins)",
    description:
      'Sets `stripe_plan` and `stripe_active`, and `subscription_updated` to now on a grant; a null or "free" plan cancels back to Free. Audited.',
    access: 'session',
    params: idParams,
    body: adminPlanUpdate,
    response: accountPlanState,
  },
  adminUpdatePlan: {
    method: 'PUT',
    path: '/api/accounts/admin-update-plan',
    summary: "Grant or cancel a plan for the account in the body, or the super-admin's own (super-admins)",
    access: 'session',
    body: adminPlanUpdate,
    response: accountPlanState,
    errors: [404],
  },
  requestPurchase: {
    method: 'POST',
    path: '/api/accounts/purchase-request',
    summary: 'Ask the operator for a plan, credits or certificate sets when card payments are not set up',
    description: 'Mailed to the super-admins (to the account admins for a sub-user), like a credits request.',
    access: 'session',
    body: purchaseRequest,
    response: creditsRequestReply,
    errors: [404, 429],
  },
  getCertificateQr: {
    method: 'GET',
    path: '/api/certificates/:id/qr/:size',
    summary: "Draw a certificate set's QR code as a PNG (plans with QR codes)",
    description: `The code links to the verification page. Sizes: ${QR_SIZES.join(', ')} pixels.`,
    access: 'session',
    params: z.object({
      id: id(),
      size: z.coerce
        .number<number | string>()
        .int()
        .refine((s) => (QR_SIZES as readonly number[]).includes(s), 'Unsupported size'),
    }),
    response: fileReply('The QR code as a PNG image', 'image/png'),
  },
});

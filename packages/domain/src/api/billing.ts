import { z } from 'zod';
import { CREDIT_PACKS, PLANS } from '../plans.ts';
import { defineCalls, idParams, okReply, queryInt, redirectReply, timestamp } from './contract.ts';

/**
 * Card payments through Stripe (docs/product/billing-and-credits.md#screens, docs/product/billing-and-credits.md#what-is-kept Billing and Coupon, docs/product/billing-and-credits.md#calls billing calls): the card on file,
 * coupons, invoices, the subscription, checkout and billing-portal redirects, automatic purchases and
 * Stripe's webhooks. Card numbers never reach the server: Stripe.js turns them into a payment method.
 */

/** The spec's words for billing (docs/product/billing-and-credits.md#messages), and the query errors the subscription screen reads. */
export const BILLING_MESSAGES = {
  saved: 'Success! Your billing details have been saved.',
  updated: 'Success: Your billing details have been updated.',
  removed: 'Credit Card Information has been removed.',
  noBillingMethod: "You don't have active billing method",
  stripeUnreachable: 'Could not reach Stripe.js service. We cannot process credit cards at this time.',
  invalidCoupon: 'Invalid coupon code.',
  couponApplied: (percent: number, duration: string) => `Coupon code applied: ${percent}% off ${duration}`,
  subscriptionCancelled: 'Your subscription is cancelled: the account is back on the Free plan.',
  noPayments:
    'Card payments are not set up on this installation. Ask the operator to add credits or change your plan: use "Request credits" or write to your administrator.',
  noCustomer:
    'We could not find your billing account. Please contact our support team so that we can link your subscription to this account.',
  noSession: 'We could not open the billing page right now. Please try again in a few minutes, or contact support if it keeps happening.',
  automaticSaved: 'Automatic purchases saved.',
  automaticOff: 'Automatic purchases are off.',
} as const;

/** `?error=` values the subscription screen turns into messages (docs/product/billing-and-credits.md#screens). */
export const BILLING_QUERY_ERRORS = ['no-customer', 'no-session', 'no-payments', 'to-many-users', 'invalid-promo'] as const;
export type BillingQueryError = (typeof BILLING_QUERY_ERRORS)[number];

/** The card on file as the billing screen shows it (docs/product/billing-and-credits.md#what-is-kept Billing): never the number, only its last four digits. */
export const billingCard = z
  .object({
    customer: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    name: z.string().nullable(),
    address_line1: z.string().nullable(),
    address_city: z.string().nullable(),
    address_state: z.string().nullable(),
    address_zip: z.string().nullable(),
    address_country: z.string().nullable(),
  })
  .meta({ id: 'BillingCard' });
export type BillingCard = z.infer<typeof billingCard>;

export const subscriptionSummary = z
  .object({
    plan: z.string().nullable(),
    status: z.string(),
    current_period_end: timestamp().nullable(),
    cancel_at_period_end: z.boolean(),
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const billingReply = z
  .object({
    /** Whether this installation takes card payments (Stripe configured). */
    payments: z.boolean(),
    card: billingCard.nullable(),
    /** A failed payment's reason, given once: reading it clears it. */
    billing_error: z.string().nullable(),
    subscription: subscriptionSummary.nullable(),
  })
  .meta({ id: 'Billing' });
export type BillingReply = z.infer<typeof billingReply>;

const text = (max: number) => z.string().trim().max(max);
export const billingDetails = z.object({
  name: text(200).optional(),
  address_line1: text(200).optional(),
  address_city: text(100).optional(),
  address_state: text(100).optional(),
  address_zip: text(20).optional(),
  address_country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional(),
  exp_month: z.coerce.number<number | string>().int().min(1).max(12).optional(),
  exp_year: z.coerce.number<number | string>().int().min(2000).max(2100).optional(),
});
export type BillingDetails = z.infer<typeof billingDetails>;

export const addCardBody = billingDetails.extend({
  /** The payment method Stripe.js created from the card form (`pm_…`). */
  token: z.string().regex(/^pm_[A-Za-z0-9_]+$/, 'The card was not tokenised'),
});
export type AddCardBody = z.infer<typeof addCardBody>;

export const couponReply = z
  .object({ valid: z.boolean(), percent_off: z.number().nullable(), duration: z.string().nullable() })
  .meta({ id: 'Coupon' });
export type CouponReply = z.infer<typeof couponReply>;

export const invoiceSummary = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    created: timestamp(),
    /** In cents. */
    amount: z.number().int(),
    currency: z.string(),
    status: z.string().nullable(),
    invoice_pdf: z.string().nullable(),
    hosted_invoice_url: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

const planIds = PLANS.map((p) => p.id) as [string, ...string[]];
const packCredits = CREDIT_PACKS.map((p) => p.credits);

/** What a purchase asks for: the query of the checkout-session redirect (docs/product/billing-and-credits.md#calls). */
export const checkoutQuery = z.object({
  purchase_type: z.enum(['subscription', 'payg', 'certificate_set']),
  subscription: z.enum(planIds).optional(),
  payg_credits: z.coerce
    .number<number | string>()
    .int()
    .refine((n) => packCredits.includes(n as (typeof packCredits)[number]), 'Choose one of the credit packs')
    .optional(),
  quantity: queryInt(1, 100).optional(),
  certsets: queryInt(1, 100).optional(),
  coupon: z.string().trim().max(100).optional(),
  promo_code: z.string().trim().max(100).optional(),
});
export type CheckoutQuery = z.infer<typeof checkoutQuery>;

export const BILLING_REDIRECT_TARGETS = ['checkout-session', 'billing-portal', 'update-billing-information'] as const;
export type BillingRedirectTarget = (typeof BILLING_REDIRECT_TARGETS)[number];

export const automaticPurchase = z
  .object({
    payments: z.boolean(),
    enabled: z.boolean(),
    credits: z.number().int().nullable(),
    threshold: z.number().int().nullable(),
    available_credits: z.number().int(),
    recent: z.array(
      z.object({
        created_at: timestamp(),
        credits: z.number().int(),
        amount_cents: z.number().int(),
        status: z.string(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AutomaticPurchase' });
export type AutomaticPurchase = z.infer<typeof automaticPurchase>;

export const automaticPurchaseUpdate = z.object({
  enabled: z.boolean(),
  credits: z
    .number()
    .int()
    .refine((n) => packCredits.includes(n as (typeof packCredits)[number]), 'Choose one of the credit packs'),
  threshold: z.number().int().min(1).max(100_000),
});
export type AutomaticPurchaseUpdate = z.infer<typeof automaticPurchaseUpdate>;

const redirectNote =
  'Answers 302. A browser navigation carries no session header: it is sent to `/account/billing-redirect`, which asks `POST /api/accounts/billing-redirects` for the address and goes there.';

export const billingCalls = defineCalls('billing', {
  getBilling: {
    method: 'GET',
    path: '/api/accounts/:id/billing',
    summary: 'Read the card on file, the subscription and a pending payment error (account admins)',
    description: 'The payment error is given once: reading it clears it.',
    access: 'session',
    params: idParams,
    response: billingReply,
  },
  addCard: {
    method: 'POST',
    path: '/api/accounts/:id/billing',
    summary: 'Put a card tokenised by Stripe.js on file as the default payment method',
    access: 'session',
    params: idParams,
    body: addCardBody,
    response: billingReply,
    errors: [402, 503],
  },
  updateBillingDetails: {
    method: 'PUT',
    path: '/api/accounts/:id/billing',
    summary: "Change the card's name, address or expiry",
    access: 'session',
    params: idParams,
    body: billingDetails,
    response: billingReply,
    errors: [402, 503],
  },
  removeCard: {
    method: 'DELETE',
    path: '/api/accounts/:id/billing',
    summary: 'Remove the card on file',
    access: 'session',
    params: idParams,
    response: okReply,
    errors: [503],
  },
  cancelSubscription: {
    method: 'DELETE',
    path: '/api/accounts/:id/subscriptions',
    summary: 'Cancel the subscription now: the account returns to the Free plan',
    access: 'session',
    params: idParams,
    response: okReply,
    errors: [503],
  },
  checkCoupon: {
    method: 'GET',
    path: '/api/accounts/:id/coupon/:code',
    summary: 'Look up a coupon or promotion code',
    access: 'session',
    params: z.object({ id: idParams.shape.id, code: z.string().trim().min(1).max(100) }),
    response: couponReply,
    errors: [503],
  },
  listInvoices: {
    method: 'GET',
    path: '/api/account/invoices',
    summary: "List the account's invoices, newest first",
    access: 'session',
    response: z.object({ invoices: z.array(invoiceSummary) }),
    errors: [503],
  },
  accountSubscription: {
    method: 'GET',
    path: '/api/accounts/account-subscription',
    summary: "Read the account's subscription as Stripe has it",
    access: 'session',
    response: z.object({ payments: z.boolean(), subscription: subscriptionSummary.nullable() }),
  },
  checkoutSession: {
    method: 'GET',
    path: '/api/accounts/checkout-session',
    summary: 'Go to Stripe Checkout for a subscription, pay-as-you-go credits or certificate sets',
    description: `${redirectNote} A subscriber changing plan is moved to the new plan without Checkout. Failures come back as \`/account/subscription?error=…\`.`,
    access: 'optional',
    query: checkoutQuery,
    response: redirectReply('To Stripe Checkout, or back to a screen of the app'),
    errors: [401, 403],
  },
  billingPortal: {
    method: 'GET',
    path: '/api/accounts/billing-portal',
    summary: "Go to Stripe's billing portal",
    description: redirectNote,
    access: 'optional',
    response: redirectReply("To Stripe's billing portal, or `/account/subscription?error=no-customer|no-session`"),
    errors: [401, 403],
  },
  updateBillingInformation: {
    method: 'GET',
    path: '/api/accounts/update-billing-information',
    summary: "Go to Stripe's page for changing the payment method",
    description: redirectNote,
    access: 'optional',
    response: redirectReply("To Stripe's billing portal, or `/account/subscription?error=no-customer|no-session`"),
    errors: [401, 403],
  },
  createBillingRedirect: {
    method: 'POST',
    path: '/api/accounts/billing-redirects',
    summary: 'Answer where a billing redirect goes, for the signed-in browser',
    access: 'session',
    body: checkoutQuery.partial().extend({ target: z.enum(BILLING_REDIRECT_TARGETS) }),
    response: z.object({ url: z.string() }),
  },
  getAutomaticPurchase: {
    method: 'GET',
    path: '/api/accounts/:id/automatic-purchases',
    summary: 'Read the automatic purchase setting and its recent purchases',
    access: 'session',
    params: idParams,
    response: automaticPurchase,
  },
  saveAutomaticPurchase: {
    method: 'PUT',
    path: '/api/accounts/:id/automatic-purchases',
    summary: 'Choose the pack bought when the balance falls under the threshold, or turn it off',
    access: 'session',
    params: idParams,
    body: automaticPurchaseUpdate,
    response: automaticPurchase,
    errors: [503],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "Receive Stripe's events",
    description:
      'The raw body is checked against the `Stripe-Signature` header; each event id is handled once, and the objects it names are read again from Stripe.',
    access: 'public',
    response: z.object({ received: z.boolean() }),
    errors: [400, 503],
  },
});

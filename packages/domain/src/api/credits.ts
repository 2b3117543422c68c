import { z } from 'zod';
import { defineCalls, idParams, timestamp } from './contract.ts';

/** Setting an account's balances (super-admins) and asking for more credits (members who cannot buy them). */

const balance = z.number().int().min(0).max(10_000_000);

export const accountBalancesUpdate = z.object({
  credits: balance.optional(),
  subscription_credits: balance.optional(),
  allowed_sets: z.number().int().min(0).max(10_000).optional(),
  /** Pay-as-you-go credits to add (or, negative, to take away): a ledger entry of exactly that size. */
  add_credits: z.number().int().min(-10_000_000).max(10_000_000).optional(),
  /** Why: kept on the ledger entries and in the audit log. */
  reason: z.string().trim().max(500).optional(),
});
export type AccountBalancesUpdate = z.infer<typeof accountBalancesUpdate>;

export const accountBalances = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  subscription_credits: z.number().int(),
  allowed_sets: z.number().int(),
});
export type AccountBalances = z.infer<typeof accountBalances>;

export const creditsRequestReply = z.object({
  success: z.boolean(),
  /** The first address the request went to, so the wizard can say whom it asked. */
  admin_email: z.string().nullable(),
  message: z.string(),
});
export type CreditsRequestReply = z.infer<typeof creditsRequestReply>;

/** One account's grant of a refill run: its period, the credits that arrived and those that lapsed. */
export const refillGrant = z.object({
  account_id: z.number().int(),
  /** 0 for the month from the anchor (the last subscription change, else the account's creation), then 1, 2… */
  period: z.number().int(),
  period_start: timestamp(),
  next_credit_date: timestamp(),
  credits: z.number().int(),
  /** Subscription credits left from the period before: they do not carry over. */
  lapsed: z.number().int(),
  /** Sub-users on auto-refill whose allocation went back to their monthly refill. */
  users_refilled: z.number().int(),
});
export type RefillGrant = z.infer<typeof refillGrant>;

export const refillRunReply = z
  .object({ success: z.boolean(), refilled: z.number().int(), grants: z.array(refillGrant) })
  .meta({ id: 'RefillRun' });
export type RefillRunReply = z.infer<typeof refillRunReply>;

/** A day (YYYY-MM-DD), taken in UTC. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2024-05-31.');

export const PAYG_PURCHASE_KINDS = ['purchase', 'automatic_purchase'] as const;

/** One pay-as-you-go purchase as the super-admin's log shows it. */
export const paygPurchase = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    credits: z.number().int(),
    /** In the currency's smallest unit (cents); null when the payment did not say. */
    amount_paid: z.number().int().nullable(),
    currency: z.string().nullable(),
    /** How it was bought: at checkout, or automatically when the balance fell under the account's threshold. */
    kind: z.enum(PAYG_PURCHASE_KINDS),
    created_at: timestamp(),
  })
  .meta({ id: 'PaygPurchase' });
export type PaygPurchase = z.infer<typeof paygPurchase>;

export const paygLog = z.object({
  items: z.array(paygPurchase),
  /** The range's totals: purchases, credits, and amounts paid per currency. */
  total: z.object({
    purchases: z.number().int(),
    credits: z.number().int(),
    amounts: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  }),
});
export type PaygLog = z.infer<typeof paygLog>;

export const creditCalls = defineCalls('credits', {
  getPaygLog: {
    method: 'GET',
    path: '/api/get-payg-log',
    summary: 'List the pay-as-you-go credit purchases of a date range, newest first, with their totals (super-admins)',
    description: 'Both days are included; without them the last 30 days. At most 1,000 purchases are listed; the totals count them all.',
    access: 'session',
    query: z.object({ dateStart: day.optional(), dateEnd: day.optional() }),
    response: paygLog,
  },
  updateAccountBalances: {
    method: 'PUT',
    path: '/api/accounts/:id/admin-update',
    summary: "Set an account's credit balances and certificate set allowance (super-admins)",
    description: 'New balances become ledger entries for the difference, so the ledger always explains the balance.',
    access: 'session',
    params: idParams,
    body: accountBalancesUpdate,
    response: accountBalances,
  },
  triggerRefills: {
    method: 'GET',
    path: '/api/trigger-refills',
    summary: 'Run the monthly credit refill now (super-admins)',
    description:
      'Grants every account whose current monthly period has no grant yet, as the hourly job does, and answers what it granted. ' +
      'Running it again, or while the job runs, grants nothing twice.',
    access: 'session',
    response: refillRunReply,
  },
  requestCredits: {
    method: 'POST',
    path: '/api/accounts/send-credits-request',
    summary: 'Ask whoever can add credits to the account for more',
    description: "A sub-user's request goes to the account's admins, an admin's to the super-admins.",
    access: 'session',
    body: z.object({ requestedCredits: z.coerce.number<number | string>().int().max(100_000).default(1) }),
    response: creditsRequestReply,
    errors: [404, 429],
  },
});

import { z } from 'zod';
import { defineCalls, idParams, okReply, queryInt, timestamp } from './contract.ts';
import { PROMO_TYPES } from './registration.ts';

/**
 * Promo codes, kept by super-admins (docs/product/billing-and-credits.md#screens Promo Code Managing, docs/product/billing-and-credits.md#calls promo-codes). A first-time-
 * registering code gives `amount` credits to the account that registers with it, once; a percentage
 * code takes `amount` percent off a card checkout (a Stripe coupon) or is named on the request to the
 * operator without card payments.
 */

export const PROMO_SORTS = ['newest', 'name', 'used', 'expire_date'] as const;
export const PROMO_STATUSES = ['active', 'inactive'] as const;

export const PROMO_MESSAGES = {
  nameRequired: 'Please enter a name for the promo code.',
  valueFormat: 'A promo code may hold letters, digits and dashes only.',
  valueTaken: 'This promo code already exists.',
  amountRequired: 'Please enter an amount of at least 1.',
  percentageRange: 'A percentage must be between 1 and 100.',
  usageLimit: 'The usage limit must be at least 1, or empty for no limit.',
  expireDate: 'The expiry date must be a date (YYYY-MM-DD).',
  expirePast: 'The expiry date cannot be in the past.',
  /** Said when a code is used: at checkout, at registration. */
  expired: 'This Promo Code has expired.',
  usedUp: 'This Promo Code has been used up.',
} as const;

export const promoCode = z
  .object({
    id: z.number().int(),
    name: z.string(),
    promo_value: z.string(),
    type: z.enum(PROMO_TYPES),
    amount: z.number().int(),
    coupon_id: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    used_count: z.number().int(),
    /** The last day it can be used (YYYY-MM-DD), or null for no end. */
    expire_date: z.string().nullable(),
    is_active: z.boolean(),
    created_at: timestamp(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCode = z.infer<typeof promoCode>;

export const promoCodeInput = z.object({
  name: z.string().trim().max(100),
  /** Empty: one is generated (an id-based prefix, a dash and 10 random letters or digits, upper case). */
  promo_value: z.string().trim().toUpperCase().max(50).optional().nullable(),
  type: z.enum(PROMO_TYPES).default('first-time-registering'),
  amount: z.number().int(),
  usage_limit: z.number().int().nullable().optional(),
  expire_date: z.string().trim().nullable().optional(),
  is_active: z.boolean().default(true),
});
export type PromoCodeInput = z.input<typeof promoCodeInput>;

export const promoCodeListQuery = z.object({
  limit: queryInt(1, 100).default(10),
  offset: queryInt(0, 1_000_000_000).default(0),
  /** Part of the name or of the code. */
  search: z.string().trim().max(100).optional(),
  type: z.enum(PROMO_TYPES).optional(),
  status: z.enum(PROMO_STATUSES).optional(),
  sort: z.enum(PROMO_SORTS).default('newest'),
});
export type PromoCodeListQuery = z.input<typeof promoCodeListQuery>;

export const promoCodePage = z.object({ promo_codes: z.array(promoCode), count: z.number().int() });
export type PromoCodePage = z.infer<typeof promoCodePage>;

export const promoCodeCalls = defineCalls('promo-codes', {
  listPromoCodes: {
    method: 'GET',
    path: '/api/promo-codes',
    summary: 'List promo codes with their usage counts (super-admins)',
    access: 'session',
    query: promoCodeListQuery,
    response: promoCodePage,
    errors: [403],
  },
  createPromoCode: {
    method: 'POST',
    path: '/api/promo-codes',
    summary: 'Create a promo code (super-admins)',
    access: 'session',
    body: promoCodeInput,
    response: promoCode,
    errors: [403],
  },
  updatePromoCode: {
    method: 'PUT',
    path: '/api/promo-codes/:id',
    summary: 'Change a promo code (super-admins)',
    access: 'session',
    params: idParams,
    body: promoCodeInput,
    response: promoCode,
    errors: [403],
  },
  togglePromoCodeStatus: {
    method: 'PUT',
    path: '/api/promo-codes/trigger-status/:id',
    summary: 'Turn a promo code on or off (super-admins)',
    access: 'session',
    params: idParams,
    response: promoCode,
    errors: [403],
  },
  deletePromoCode: {
    method: 'DELETE',
    path: '/api/promo-codes/:id',
    summary: 'Delete a promo code; what it already gave stays (super-admins)',
    access: 'session',
    params: idParams,
    response: okReply,
    errors: [403],
  },
});

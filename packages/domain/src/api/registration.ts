import { z } from 'zod';
import { DEFAULT_CATEGORY } from '../constants.ts';
import { accountName } from './accounts.ts';
import { defineCalls } from './contract.ts';

/** Registering an account, its URL and the promo codes of the sign-up forms (docs/product/registration.md#calls). */

export const registrationRequest = z.object({
  email: z.string().trim().max(254),
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  opt_in: z.boolean().default(false),
  /** The Terms of Service, accepted on the form: the confirmation link then does not ask again. */
  accept_terms: z.boolean().default(false),
  promo_code: z.string().trim().max(100).optional().nullable(),
  account_name: accountName(),
  url: z.string().trim().toLowerCase().max(63),
  category: z.string().trim().max(100).default(DEFAULT_CATEGORY),
  is_from_recipient: z.boolean().default(false),
  registration_source: z.string().trim().max(100).optional().nullable(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const registrationUrlRequest = z.object({ url: z.string().trim().toLowerCase().max(100) });

export const registrationResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  /** Where the client goes: the check-your-inbox page, or the dashboard for a signed-in portal user. */
  location: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** `taken` is true when the URL cannot be used; `problem` says why when it breaks the URL rules. */
export const urlAvailability = z.object({ taken: z.boolean(), problem: z.string().nullable() });
export type UrlAvailability = z.infer<typeof urlAvailability>;

export const PROMO_TYPES = ['default', 'first-time-registering', 'percentage'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];
const promoTypes = z.enum(PROMO_TYPES);

export const promoCheck = z.union([
  z.object({ success: z.literal(true), message: z.string(), type: z.string(), amount: z.number().int() }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
export type PromoCheck = z.infer<typeof promoCheck>;

export const registrationCalls = defineCalls('registration', {
  registerAccount: {
    method: 'POST',
    path: '/api/registration/account',
    summary: 'Register an account and its admin, and mail the confirmation link',
    description: 'A signed-in user without roles (a recipient) becomes the admin of the new account at once.',
    access: 'optional',
    body: registrationRequest,
    response: registrationResponse,
    errors: [403, 429],
  },
  checkAccountUrl: {
    method: 'POST',
    path: '/api/registration/url',
    summary: 'Check whether an account URL can be used',
    access: 'public',
    body: registrationUrlRequest,
    response: urlAvailability,
  },
  checkPromoCode: {
    method: 'GET',
    path: '/api/promo-codes/check',
    summary: 'Check a promo code, of the types given (all types when none is)',
    access: 'public',
    query: z.object({
      'promo-code': z.string().max(100).default(''),
      'type[]': z.union([promoTypes, z.array(promoTypes)]).optional(),
      type: z.union([promoTypes, z.array(promoTypes)]).optional(),
    }),
    response: promoCheck,
  },
  getAllowPromoCodes: {
    method: 'GET',
    path: '/api/admin/settings/allow_promo_codes',
    summary: 'Read whether the sign-up forms offer a promo code field',
    access: 'public',
    response: z.object({ value: z.boolean() }),
    // Not served on a portal host.
    errors: [404],
  },
});

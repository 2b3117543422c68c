import { z } from 'zod';
import { defineCalls, idParams } from './contract.ts';

/** Setting an account's balances (super-admins) and asking for more credits (members who cannot buy them). */

const balance = z.number().int().min(0).max(10_000_000);

export const accountBalancesUpdate = z.object({
  credits: balance.optional(),
  subscription_credits: balance.optional(),
  allowed_sets: z.number().int().min(0).max(10_000).optional(),
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

export const creditCalls = defineCalls('credits', {
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

import { z } from 'zod';
import { defineCalls } from './contract.ts';

/**
 * A recipient's email preferences for one issuer (the footer's "update preferences" link): public,
 * reached by the token of a certificate they were sent.
 */

/** The same unguessable token as the recipient's certificate link. */
export const preferencesParams = z.object({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const emailPreferences = z
  .object({
    account_name: z.string(),
    /** Masked: enough for its owner to recognise ("g***r@example.com"). */
    email: z.string(),
    subscribed: z.boolean(),
    /** Set when the address stopped receiving mail because it bounced: the recipient cannot undo that. */
    bounced: z.boolean(),
  })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const preferenceCalls = defineCalls('preferences', {
  getEmailPreferences: {
    method: 'GET',
    path: '/api/preferences/:token',
    summary: "Read a recipient's email preferences for the issuer of a certificate they were sent",
    access: 'public',
    params: preferencesParams,
    response: emailPreferences,
    errors: [429],
  },
  updateEmailPreferences: {
    method: 'POST',
    path: '/api/preferences/:token',
    summary: "Subscribe or unsubscribe a recipient's address from the issuer's emails",
    description: 'An address stopped by a bounce cannot be subscribed again from here (409).',
    access: 'public',
    params: preferencesParams,
    body: z.object({ subscribed: z.boolean() }),
    response: z.object({ success: z.boolean(), message: z.string(), ...emailPreferences.shape }),
    errors: [409, 429],
  },
});

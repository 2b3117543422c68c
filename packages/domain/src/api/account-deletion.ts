import { z } from 'zod';
import { defineCalls, idParams } from './contract.ts';

/** Deleting an issuer's account (docs/product/account.md#rules-and-limits, docs/product/account.md#calls `DELETE accounts/{id}`, docs/product/account.md#messages) and a portal user's own sign-in. */

/** What the account owner and a portal user type before their account goes (docs/product/account.md#rules-and-limits). */
export const DELETE_ACCOUNT_SENTENCE = 'I Wish to Delete My Account';

export const ACCOUNT_DELETION_MESSAGES = {
  sentenceMismatch: 'Please type sentence exactly as shown.',
  wrongPassword: 'Wrong password',
  failed: "Account can't be deleted, please contact our support",
  requested: 'Your account is being deleted. You have been signed out.',
  /** What a certificate link of a deleted account says, on its page and from its API (410). */
  withdrawn: 'This certificate was withdrawn by its issuer',
  portalAnnounce: 'Your account will now be deleted and you will now be logged out.',
  portalDeleted: 'Your account was deleted.',
  portalHasRoles: 'This sign-in belongs to an issuer account: delete it from the account settings, not from the portal.',
  nameUpdated: 'Your name was updated.',
  nameNotUpdated: 'Error: Name not updated.',
} as const;

/** What deleting the account removes, counted from the data, for the confirmation screen. */
export const accountDeletionSummary = z
  .object({
    sets: z.number().int(),
    projects: z.number().int(),
    recipients: z.number().int(),
    users: z.number().int(),
  })
  .meta({ id: 'AccountDeletionSummary' });
export type AccountDeletionSummary = z.infer<typeof accountDeletionSummary>;

export const deleteAccountRequest = z.object({ password: z.string().max(1024) });

export const portalUserName = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
});
export type PortalUserName = z.infer<typeof portalUserName>;

export const accountDeletionCalls = defineCalls('accounts', {
  getAccountDeletionSummary: {
    method: 'GET',
    path: '/api/accounts/:id/deletion-summary',
    summary: 'Count what deleting the account would remove (its account admin)',
    access: 'session',
    params: idParams,
    response: accountDeletionSummary,
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/accounts/:id',
    summary: 'Delete the account with everything in it (its account admin, with their password)',
    description:
      'A wrong password answers 403 `Wrong password`; repeated failures answer 429, as at sign-in. The account is ' +
      'closed at once (every session of its users ends) and its data is removed in the background; its ' +
      'certificate links then say that the issuer withdrew them.',
    access: 'session',
    params: idParams,
    body: deleteAccountRequest,
    response: z.object({ success: z.boolean(), message: z.string() }),
    errors: [429],
  },
});

export const portalUserCalls = defineCalls('portal users', {
  deletePortalUser: {
    method: 'POST',
    path: '/api/users/delete-portal-user',
    summary: 'Delete your own portal sign-in (recipients without roles); certificates issued to you stay with their issuers',
    access: 'session',
    response: z.object({ success: z.boolean(), message: z.string() }),
  },
  changePortalUserName: {
    method: 'POST',
    path: '/api/users/change-portal-user-name',
    summary: 'Change your own name as a portal user',
    access: 'session',
    body: portalUserName,
    response: z.object({ success: z.boolean(), message: z.string() }),
  },
});

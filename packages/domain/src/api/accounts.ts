import { z } from 'zod';
import { ACCOUNT_NAME_INVALID_MESSAGE, accountNameProblem } from '../account-url.ts';
import { accountDto } from './auth.ts';
import { defineCalls, idParams, maxChars, timestamp } from './contract.ts';
import { requiredThen } from './form-rules.ts';

/** The account itself: its details (name, portal URL, country and state) and its logo (docs/product/account.md#screens "Account info"). */

export const ACCOUNT_MESSAGES = {
  updated: 'Account Updated.',
  imageUploaded: 'Image uploaded.',
  imageRemoved: 'Logo removed.',
  /** The spec's wording for a logo URL that does not load as an image (docs/product/account.md#rules-and-limits, docs/product/account.md#messages). */
  imageNotFound: 'Image could not be found.',
  adminsOnly: 'Only an account admin can change the account.',
  nameRequired: 'Account name is required.',
  nameTooLong: 'The account name may be at most 100 characters.',
  urlRequired: 'Account URL is required.',
  unknownCountry: 'Choose a country from the list.',
  unknownState: 'Choose a state from the list.',
} as const;

export const ACCOUNT_NAME_MAX = 100;

/** A portal URL as typed: any scheme prefix (`https://`) dropped, spaces trimmed, lowercased (docs/product/account.md#rules-and-limits). */
export const normalizeAccountUrl = (url: string): string =>
  url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .toLowerCase();

/** The account as its members read it: the signed-in user's account shape and a few fields of its subscription. */
export const accountDetails = accountDto
  .extend({
    subscription_updated: timestamp().nullable(),
    subscription_in_pending: z.boolean(),
    help_center_shown: z.boolean().nullable(),
    /** Recipients open the portal without a password. */
    noLogin: z.boolean(),
  })
  .meta({ id: 'AccountDetails' });
export type AccountDetails = z.infer<typeof accountDetails>;

/** The account's name as registration and the account form take it: its one length limit. */
export const accountName = () => maxChars(ACCOUNT_NAME_MAX, ACCOUNT_MESSAGES.nameTooLong, z.string().trim());

/** The fields the account form changes; the server checks each against the spec's rules and names the field it refuses. */
export const accountUpdate = z.object({
  name: accountName(),
  url: z.string().max(200).overwrite(normalizeAccountUrl).meta({
    description:
      'The portal subdomain: lowercase letters, digits and inner hyphens, at most 63 characters once a scheme prefix (`https://`) is dropped.',
  }),
  /** ISO 3166-1 alpha-2. */
  country: z.string().trim().toUpperCase().max(2),
  /** Kept only for countries with a state list (AU, CA, GB, US); cleared for the others. */
  state: z.string().trim().toUpperCase().max(3).nullish(),
});
export type AccountUpdate = z.input<typeof accountUpdate>;

/** The account info form's name and URL: each asked for, then held to the call's rules (the URL's own are checked as it is typed). */
export const accountInfoForm = z.object({
  name: requiredThen(accountName(), ACCOUNT_MESSAGES.nameRequired).refine(
    (name) => accountNameProblem(name) === null,
    ACCOUNT_NAME_INVALID_MESSAGE,
  ),
  url: requiredThen(accountUpdate.shape.url, ACCOUNT_MESSAGES.urlRequired),
});

/** A logo by address: the server fetches it (http or https, public addresses only, 2 MB, 10 s). */
export const logoUrlRequest = z.object({
  url: z.string({ error: 'Logo URL is required.' }).trim().min(1, 'Logo URL is required.').max(2000),
});
export type LogoUrlRequest = z.infer<typeof logoUrlRequest>;

export const logoReply = z.object({ imagepath: z.string().nullable(), message: z.string() });
export type LogoReply = z.infer<typeof logoReply>;

export const accountCalls = defineCalls('accounts', {
  getAccount: {
    method: 'GET',
    path: '/api/accounts/:id',
    summary: 'Read an account (its members, or super-admins)',
    description: 'Another account’s id is a 404.',
    access: 'session',
    params: idParams,
    response: accountDetails,
  },
  updateAccount: {
    method: 'PUT',
    path: '/api/accounts/:id',
    summary: "Change the account's name, portal URL, country and state (account admins, or super-admins)",
    description: 'A refused field is a 400 naming it in `field` (a taken URL too); sub-users get 403. Another account’s id is a 404.',
    access: 'session',
    params: idParams,
    body: accountUpdate,
    response: z.object({ success: z.boolean(), message: z.string(), account: accountDetails }),
  },
  uploadAccountLogo: {
    method: 'POST',
    path: '/api/accounts/:id/upload',
    summary:
      "Set the account's logo: a PNG, JPEG, GIF or WebP file (form field `file`), or an address the server fetches (form field `url`; JSON `{ url }` is read too)",
    description:
      'The file is checked by its content and re-encoded; at most 2 MB. A `url` must be http or https, reach a public address ' +
      '(after every redirect) and answer an image within 2 MB and 10 seconds, else “Image could not be found.”. ' +
      'Account admins or super-admins; another account’s id is a 404.',
    access: 'session',
    params: idParams,
    body: 'multipart',
    response: logoReply,
    errors: [413],
  },
  removeAccountLogo: {
    method: 'DELETE',
    path: '/api/accounts/:id/upload',
    summary: "Remove the account's logo (account admins, or super-admins)",
    access: 'session',
    params: idParams,
    response: logoReply,
  },
});

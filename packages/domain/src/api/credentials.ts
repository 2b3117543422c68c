import { z } from 'zod';
import { DEFAULT_LIST_PAGE_SIZES } from '../constants.ts';
import { isValidEmail } from '../email.ts';
import { defineCalls, id, queryInt, timestamp } from './contract.ts';
import { requiredMessage } from './form-rules.ts';

/**
 * The credentials portal (docs/product/credentials-portal.md#screens, docs/product/credentials-portal.md#calls): one holder's sign-in at `credentials.BASE_DOMAIN` that lists
 * every certificate sent to their address, whichever issuer sent it.
 */

export const CREDENTIALS_MESSAGES = {
  registered: 'We emailed you a link to set your password.',
  exists: 'An account with this email address already exists. Sign in, or reset your password.',
  onlyOnCredentialsHost: 'The credentials portal answers on its own address only.',
} as const;

/** What the credentials portal's register form sends (docs/product/verification.md#what-is-kept "Credentials register payload"). */
export const credentialsRegisterRequest = z.object({
  first_name: z.string().trim().min(1, requiredMessage('First name')).max(100),
  last_name: z.string().trim().min(1, requiredMessage('Last name')).max(100),
  email: z.string().trim().min(1, requiredMessage('Email')).max(254).refine(isValidEmail, 'Please enter a valid email address.'),
});
export type CredentialsRegisterRequest = z.infer<typeof credentialsRegisterRequest>;

/** The list's page sizes; the stored `portal` page size (docs/product/credentials-portal.md#rules-and-limits: 12) picks one. */
export const CREDENTIALS_PAGE_SIZE_MAX = 100;

export const credentialsQuery = z.object({
  /** Matches the holder's memo, first or last name, ignoring case. */
  search: z.string().trim().max(200).optional(),
  /** Only this issuer's certificates (an account id from `issuers`). */
  account_id: id().optional(),
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, CREDENTIALS_PAGE_SIZE_MAX).default(DEFAULT_LIST_PAGE_SIZES.portal),
});
export type CredentialsQuery = z.input<typeof credentialsQuery>;

export const credentialIssuer = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CredentialIssuer' });
export type CredentialIssuer = z.infer<typeof credentialIssuer>;

/** One certificate sent to the holder's address (docs/product/verification.md#what-is-kept "Recipient / credential (portal)"). */
export const credential = z
  .object({
    /** The recipient row: the id the memo is saved under. */
    id: z.number().int(),
    issuer: credentialIssuer,
    certificate_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** The certificate drawn as a PNG, by its public link. */
    image_url: z.string(),
    /** The certificate's public page. */
    url: z.string(),
    /** When it was sent. */
    earned: timestamp(),
    /** YYYY-MM-DD, or 'None' when the certificate does not expire. */
    expired: z.string(),
    /** The holder's own note on this certificate; only they see it. */
    memo: z.string(),
    revoked: z.boolean(),
  })
  .meta({ id: 'Credential' });
export type Credential = z.infer<typeof credential>;

export const credentialsList = z
  .object({
    credentials: z.array(credential),
    /** How many match the search and filter, over every page. */
    count: z.number().int(),
    /** Every issuer that sent the holder a certificate, for the issuer filter (whatever the search). */
    issuers: z.array(credentialIssuer),
  })
  .meta({ id: 'CredentialsList' });
export type CredentialsList = z.infer<typeof credentialsList>;

export const credentialCalls = defineCalls('credentials', {
  registerCredentialsUser: {
    method: 'POST',
    path: '/api/credentials/register',
    summary: 'Create a credentials-portal sign-in and email a link to set its password',
    description:
      'Only on the credentials host. A new address, or one whose sign-in was never confirmed, answers 200 and is mailed the set-password link (`/user/confirm/{code}`); an address that already has a confirmed sign-in answers 400 `user_exist`. Ten requests a minute from one address; a link is mailed to one address at most once a minute.',
    access: 'public',
    body: credentialsRegisterRequest,
    response: z.object({ success: z.literal(true), message: z.string() }),
    errors: [400, 404, 429],
  },
  listCredentials: {
    method: 'GET',
    path: '/api/credentials',
    summary: 'List every certificate any issuer sent to the signed-in holder’s address',
    description:
      'Only on the credentials host, in the holder’s own session (an admin acting as them gets 403). Certificates sent and not withdrawn by their issuer, newest first; revoked ones are listed and marked.',
    access: 'session',
    query: credentialsQuery,
    response: credentialsList,
    errors: [403, 404],
  },
});

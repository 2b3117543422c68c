import { z } from 'zod';
import { DEFAULT_LIST_PAGE_SIZES, type PAGINATION_COUNTS } from '../constants.ts';
import { loginResponse, newPassword } from './auth.ts';
import { accountIdParams, defineCalls, id, idParams, okReply, queryInt, timestamp } from './contract.ts';

/**
 * The recipient portal of one issuer (docs/product/recipient-portal.md#screens "Recipient portal", docs/product/recipient-portal.md#calls "Login and portals", docs/product/recipient-portal.md#messages) and the
 * issuer's actions on the portal sign-ins of its recipients (docs/product/store.md#calls "Send and projects").
 */

export const PORTAL_MEMO_MAX = 500;
/**
 * The page sizes the portals' size pickers offer: whole rows of the grid (two or three across); 12 by default
 * (docs/product/recipient-portal.md#rules-and-limits). Each is one of the sizes a user may keep (`PAGINATION_COUNTS`).
 */
export const PORTAL_PAGE_SIZES = [6, 12, 24, 48] as const satisfies readonly (typeof PAGINATION_COUNTS)[number][];

/** The sizes a portal's picker offers a holder: the portal's, and the one they kept earlier if it is another. */
export const portalPageSizeChoices = (kept: number): number[] => [...new Set<number>([...PORTAL_PAGE_SIZES, kept])].sort((a, b) => a - b);

export const PORTAL_MESSAGES = {
  memoSaved: 'Memo saved',
  memoFailed: 'Error saving memo',
  emailSent: 'Email sent.',
  recipientNotExists: 'We could not find a certificate sent to this email address by this organisation.',
  userNotExists: 'You have not created a portal password yet. Confirm your email address and we will email you a link to set one.',
  wrongCredentials: 'Email or password is incorrect.',
  banned: 'This email address has been blocked. Please contact the organisation that issued your certificate.',
  notConfirmed: 'Open the link we emailed you to set your password first. Check your spam folder if it has not arrived.',
  twoFactor: 'This sign-in uses two-factor authentication: sign in on the main Laurel site instead.',
  invalidAccount: 'This portal does not exist.',
  notAllowed: 'Sign in to see your certificates.',
  userExists: 'A portal sign-in already exists for this email address. Sign in, or reset your password.',
  firstTimeSent: 'Check your inbox: we emailed you a link to set your password.',
  firstTimeIntro: 'Enter the address your certificate was sent to: we email you a link to choose a password.',
  resendLimit: 'This certificate was emailed to you 3 times in the last hour. Please try again later.',
  notYours: 'This certificate was not issued to your email address.',
  notDelivered: 'This certificate has not been delivered yet, so it cannot be emailed again.',
  loginNotFound: 'This recipient has no portal sign-in.',
  passwordChanged: 'Password updated.',
  loginConfirmed: 'Portal sign-in confirmed.',
  loginDeleted: 'Portal sign-in deleted.',
} as const;

const email = z.string().trim().min(1, 'Required').max(254);
const emailParams = z.object({ email });

/** The portal of a host, as its login page reads it. */
export const portalAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    /** The account's logo, or null. */
    logo: z.string().nullable(),
    /** Recipients open the portal with their email address alone. */
    recipients_no_login: z.boolean(),
    /** Premium plan with the portal feature and a logo: the portal shows the issuer's logo and name. */
    branding: z.boolean(),
  })
  .meta({ id: 'PortalAccount' });
export type PortalAccount = z.infer<typeof portalAccount>;

/** One certificate as its holder sees it in a portal (docs/product/verification.md#what-is-kept "Recipient / credential (portal)"). */
export const portalCertificate = z
  .object({
    id: z.number().int(),
    title: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** The issuing account's name. */
    issuer: z.string(),
    image_url: z.string(),
    public_url: z.string(),
    /** The PDF as issued. */
    pdf_url: z.string(),
    /** Adds it to the holder's LinkedIn profile (through the link that counts the click); null when the issuer's plan has no LinkedIn. */
    linkedin_url: z.string().nullable(),
    /** When the certificate was sent (earned); its project's creation when never sent. */
    earned: timestamp(),
    /** The expiry date as printed (YYYY-MM-DD), or 'None'. */
    expired: z.string(),
    memo: z.string(),
  })
  .meta({ id: 'PortalCertificate' });
export type PortalCertificate = z.infer<typeof portalCertificate>;

export const portalListQuery = z.object({
  limit: queryInt(1, 100).default(DEFAULT_LIST_PAGE_SIZES.portal),
  offset: z.coerce.number<number | string>().int().min(0).default(0),
  /** Searched in the title, the memo and the names, whatever the case. */
  like: z.string().trim().max(200).optional(),
});
export type PortalListQuery = z.infer<typeof portalListQuery>;

export const portalList = z.object({ certificates: z.array(portalCertificate), count: z.number().int() }).meta({ id: 'PortalList' });
export type PortalList = z.infer<typeof portalList>;

export const portalCalls = defineCalls('recipient portal', {
  getPortalAccount: {
    method: 'GET',
    path: '/api/accounts/portal/account',
    summary: 'Read the account whose portal a host is (the request host when none is given)',
    description: "Unknown, deleted or banned accounts answer 404 with error_type 'invalid_account'.",
    access: 'public',
    query: z.object({ host: z.string().trim().max(253).optional() }),
    response: portalAccount,
    errors: [404],
  },
  portalSignIn: {
    method: 'POST',
    path: '/api/auth-portal',
    summary: "Sign in to this host's recipient portal",
    description:
      'error_type: recipient_not_exists (no certificate for the address here), user_not_exists (first-time registration), wrong_credentials, user_is_banned.',
    access: 'public',
    body: z.object({ email, password: z.string().max(1024) }),
    response: loginResponse,
    errors: [401, 403, 404, 429],
  },
  firstTime: {
    method: 'POST',
    path: '/api/first-time',
    summary: 'Start a portal sign-in for a recipient of the account: mails a link to set the password',
    description:
      "404: no recipient of the account has this address; 400: a sign-in exists already. The sign-in takes the name on the address's " +
      'latest certificate from the account; `first_name` and `last_name`, when both are given, are used instead.',
    access: 'public',
    body: z.object({
      id: id(),
      email,
      first_name: z.string().trim().max(100).optional(),
      last_name: z.string().trim().max(100).optional(),
    }),
    response: okReply,
    errors: [404, 429],
  },
  recipientExists: {
    method: 'GET',
    path: '/api/recipient-exists/:email',
    summary: "Tell whether the host's account sent a certificate to this address, and whether it has a sign-in",
    access: 'public',
    params: emailParams,
    response: z.object({ exists: z.boolean(), user_exists: z.boolean() }),
    errors: [429],
  },
  noLoginCertificates: {
    method: 'GET',
    path: '/api/recipient-portal/:email',
    summary: "List the certificates the host's account sent to an address (accounts whose recipients need no sign-in)",
    description: "403 error_type 'not_allowed' when the account's recipients sign in.",
    access: 'public',
    params: emailParams,
    query: portalListQuery,
    response: portalList,
    errors: [429],
  },
  noLoginCertificatesOfAccount: {
    method: 'GET',
    path: '/api/recipients/:accountId/projects/:email',
    summary: 'List the certificates an account sent to an address (accounts whose recipients need no sign-in), by account id',
    description: "The same list as recipient-portal, for callers that are not on the portal host. 403 'not_allowed' otherwise.",
    access: 'public',
    params: accountIdParams.extend({ email }),
    query: portalListQuery,
    response: portalList,
    errors: [429],
  },
  myCertificates: {
    method: 'GET',
    path: '/api/portal/credentials/:email',
    summary: "List the certificates the host's account sent to your own address",
    access: 'session',
    params: emailParams,
    query: portalListQuery,
    response: portalList,
  },
  updateMemo: {
    method: 'POST',
    path: '/api/recipients/update-memo',
    summary: 'Write your own memo on a certificate issued to your address',
    access: 'session',
    body: z.object({
      recipient: z.object({ id: id(), memo: z.string().max(PORTAL_MEMO_MAX, `A memo may have at most ${PORTAL_MEMO_MAX} characters.`) }),
    }),
    response: okReply,
    errors: [404],
  },
  emailAgain: {
    method: 'POST',
    path: '/api/portal/certificates/:id/email',
    summary: 'Email a certificate to its holder again (3 times an hour at most)',
    description: 'Signed in: your own certificates. On an account whose recipients need no sign-in: with the address it was sent to.',
    access: 'optional',
    params: idParams,
    body: z.object({ email: email.optional() }).optional(),
    response: okReply,
    errors: [401, 403, 404, 429],
  },
});

/** Whether a recipient's address has a portal sign-in, for the issuer's recipient views. */
export const portalLogin = z
  .object({ user: z.object({ id: z.number().int(), email: z.string(), confirmed: z.boolean() }).nullable() })
  .meta({ id: 'PortalLogin' });
export type PortalLogin = z.infer<typeof portalLogin>;

const recipientUserBody = z.object({ user_id: id() });

export const portalLoginCalls = defineCalls('portal logins', {
  getPortalLogin: {
    method: 'GET',
    path: '/api/recipients/:id/portal-login',
    summary: "Read whether a recipient's address has a portal sign-in (account admins)",
    access: 'session',
    params: idParams,
    response: portalLogin,
  },
  changeRecipientPassword: {
    method: 'POST',
    path: '/api/accounts/password-change/:userId',
    summary: "Set the portal password of one of the account's recipients (account admins); their sessions end",
    access: 'session',
    params: z.object({ userId: id() }),
    body: z.object({
      password: newPassword(),
      password_confirmation: newPassword(),
      email: z.string().max(254).optional(),
      confirmation_code: z.string().max(200).optional(),
    }),
    response: okReply,
  },
  confirmRecipientUser: {
    method: 'POST',
    path: '/api/accounts/confirm-recipient-user',
    summary: "Confirm the portal sign-in of one of the account's recipients (account admins)",
    access: 'session',
    body: recipientUserBody,
    response: okReply,
    errors: [404],
  },
  deleteRecipientUser: {
    method: 'POST',
    path: '/api/accounts/delete-recipient-user',
    summary: "Delete the portal sign-in of one of the account's recipients (account admins); their certificates stay",
    access: 'session',
    body: recipientUserBody,
    response: okReply,
    errors: [404],
  },
});

import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { isValidEmail } from '../email.ts';
import { PASSWORD_TOO_LONG_MESSAGE } from '../password.ts';
import { defineCalls, maxChars, timestamp } from './contract.ts';
import { MESSAGES } from './errors.ts';
import { requiredMessage, requiredThen, sixDigitCode } from './form-rules.ts';

/** Sign-in, the current user, and the password links of confirmation and reset (docs/product/sign-in-and-sessions.md#calls). */

export const loginRequest = z.object({
  email: z.string().trim().min(1, requiredMessage('Email')).max(254),
  password: z.string().min(1, requiredMessage('Password')).max(1024),
  csrf_token: z.string().max(200).optional(),
  /** The six-digit code emailed when the server asked for `email2fa`. */
  email_code: z.string().trim().max(20).optional(),
  /** The authenticator app's six-digit code, or a recovery code, when the server asked for `google2fa`. */
  pin_code: z.string().trim().max(40).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const forgotRequest = z.object({ email: z.string().trim().min(1, requiredMessage('Email')).max(254) });

// ---- What the sign-in forms check before they send ------------------------------------------------

/** The words of the sign-in forms' own checks (docs/product/sign-in-and-sessions.md#screens). */
export const SIGN_IN_FORM_MESSAGES = {
  emailCode: 'Enter the six digits from the email',
  appCode: 'Enter the code from your authenticator app',
} as const;

/**
 * The sign-in and reset forms check the address's shape too: the server answers a malformed one as it
 * answers an unknown one, so only the form can say what is wrong with it.
 */
const wellFormedEmail = (rule: z.ZodString) => rule.refine(isValidEmail, MESSAGES.invalidEmail);

/** The password sign-in form: the call's email and password. */
export const signInForm = loginRequest.pick({ email: true, password: true }).extend({ email: wellFormedEmail(loginRequest.shape.email) });

/** The reset-link form. */
export const forgotForm = forgotRequest.extend({ email: wellFormedEmail(forgotRequest.shape.email) });

/** The second step of a sign-in challenged with `email2fa`: the emailed code. */
export const emailCodeForm = z.object({ email_code: sixDigitCode(SIGN_IN_FORM_MESSAGES.emailCode) });

/** The second step of a sign-in challenged with `google2fa`: the app's code or a recovery code. */
export const pinCodeForm = z.object({ pin_code: requiredThen(loginRequest.shape.pin_code.unwrap(), SIGN_IN_FORM_MESSAGES.appCode) });

export const confirmRequest = z.object({ code: z.string().min(1).max(200) });

/**
 * A password being set (and its confirmation): the password rule's upper bound, stated here so the OpenAPI
 * document gives the limit the server holds to. Passwords only checked at sign-in keep a looser bound.
 */
export const newPassword = () => maxChars(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** Sets the password from a confirmation or reset link (both use the same form). */
export const setPasswordRequest = z.object({
  code: z.string().min(1).max(200),
  password: newPassword(),
  password_confirmation: newPassword(),
  accept_terms: z.boolean().optional(),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

// ---- Replies --------------------------------------------------------------------------------------

/**
 * A valid link: whose it is, and whether the form must ask for the Terms of Service (confirmation only,
 * and only of someone who has not accepted them yet, e.g. when registering).
 */
export const confirmResponse = z.object({ show_toc: z.boolean(), email: z.string() });
export type ConfirmResponse = z.infer<typeof confirmResponse>;

export const roleDto = z.object({ name: z.string() });
export type RoleDto = z.infer<typeof roleDto>;

/** The signed-in user's account, with its plan and balances. */
export const accountDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    imagepath: z.string().nullable(),
    country: z.string(),
    state: z.string().nullable(),
    credits: z.number().int(),
    subscription_credits: z.number().int(),
    stripe_active: z.boolean(),
    stripe_plan: z.string().nullable(),
    /** The account's own certificate-set allowance: the free tier's 1, plus sets bought or given by a super-admin. */
    allowed_sets: z.number().int(),
    /** Certificate sets it may own now: its allowance plus what its plan adds; null while its plan sets no limit. */
    certificate_set_limit: z.number().int().nullable(),
    /** Credits received for payments whose money went back (a refund, a dispute) that had already been spent. */
    credits_owed: z.number().int(),
    allow_qrcode: z.boolean(),
    allow_two_side_certificate: z.boolean(),
    /** Every user of the account must turn on two-factor authentication. */
    require_two_factor: z.boolean(),
    created_at: timestamp(),
    plan: z.object({
      id: z.string().nullable(),
      display_name: z.string(),
      settings: z.object({ max_own_fonts: z.number().int() }),
      /** Credits a month: the plan's, or the free tier's without one. */
      monthly_credits: z.number().int(),
      price_usd: z.number(),
      /** The account still holds a plan no longer sold: it counts as none and the screens warn. */
      discontinued: z.boolean(),
      /** Every catalogue feature with whether the account has it now (plan, trial or override): what every screen's gate reads. */
      features: z.record(z.string(), z.boolean()),
    }),
    subscription_in_pending: z.boolean(),
    subscription_updated: timestamp().nullable(),
    /** Days left of the free trial; 0 while the account holds a plan. */
    trial_days_remaining: z.number().int(),
    /**
     * The free trial (docs/product/billing-and-credits.md#the-free-trial): the plan whose features it lends, when it ends
     * and whether it still runs; null while the account holds a plan.
     */
    trial: z
      .object({
        plan_id: z.string(),
        /** The lent plan's name without its period ("Professional"). */
        plan_name: z.string(),
        days_remaining: z.number().int(),
        ends_at: timestamp(),
        running: z.boolean(),
      })
      .nullable(),
    /** When the next month's subscription credits arrive (Pacific-time periods); null when none will (a discontinued plan). */
    next_credit_date: timestamp().nullable(),
  })
  .meta({ id: 'Account' });
export type AccountDto = z.infer<typeof accountDto>;

/** The signed-in user: roles, account, the sub-user permissions and the screens' preferences. */
export const userDto = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    roles: z.array(roleDto),
    account: accountDto.nullable(),
    image: z.string().nullable(),
    active: z.boolean(),
    show_intro: z.boolean(),
    show_updates: z.boolean(),
    opt_in: z.boolean(),
    review: z.boolean(),
    allow_all_certificate_sets: z.boolean(),
    allowed_certificate_sets: z.array(z.number().int()),
    allow_certificate_set_create: z.boolean(),
    allow_certificate_set_edits: z.boolean(),
    allow_certificate_email_edits: z.boolean(),
    pagination: z.record(z.string(), z.number()),
    /** Two-factor authentication is on for this user. */
    require_google_2fa: z.boolean(),
    /**
     * The account requires two-factor authentication and this user has not turned it on: until they do,
     * every call but the enrolment ones answers 403 `two_factor_required`.
     */
    two_factor_setup_required: z.boolean(),
    /** Present while an admin acts as this user: the name of the admin to switch back to. */
    impersonated_by: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userDto>;

/** A new session: its token, the user, and where the client goes next. */
export const loginResponse = z
  .object({
    token: z.string(),
    /** Nothing left to give: signed in. */
    require_action: z.null(),
    user: userDto,
    /** Where the client goes next. */
    location: z.string(),
    /** This is the user's first sign-in ever: the client greets them instead of welcoming them back. */
    first_sign_in: z.boolean().optional(),
  })
  .meta({ id: 'Session' });
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * The password was right but a second factor is still to give: `email2fa` means a six-digit code was
 * emailed to the address (sent again by `sendSignInCode`); the client repeats the sign-in with `email_code`.
 * `google2fa` means the user has two-factor authentication on: the client repeats the sign-in with
 * `pin_code` (the app's code or a recovery code), or asks `sendSignInCode` for an emailed code instead.
 */
export const signInChallenge = z
  .object({
    token: z.null(),
    require_action: z.enum(['google2fa', 'email2fa']),
    /** Why the factor is asked for, in words for the user. */
    message: z.string(),
  })
  .meta({ id: 'SignInChallenge' });
export type SignInChallenge = z.infer<typeof signInChallenge>;

export const signInReply = z.union([loginResponse, signInChallenge]);
export type SignInReply = z.infer<typeof signInReply>;

export const sendSignInCodeRequest = z.object({
  login: z.object({ email: loginRequest.shape.email, password: loginRequest.shape.password }),
});

export const csrfResponse = z.object({ csrf_token: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponse>;

const success = z.object({ success: z.boolean() });

/**
 * The password is set. `session` signs the user in at once, as a sign-in would; it is null when a
 * sign-in still needs what the link cannot prove (the user's second factor), and the client then
 * sends them to sign in.
 */
export const passwordSetReply = z.object({ success: z.literal(true), session: loginResponse.nullable() });
export type PasswordSetReply = z.infer<typeof passwordSetReply>;

export const authCalls = defineCalls('auth', {
  getCsrfToken: {
    method: 'GET',
    path: '/api/auth/csrf',
    summary: 'Get a token for the sign-in form, valid two hours',
    access: 'public',
    response: csrfResponse,
    // Only text holding a NUL character (in the query) is refused.
    errors: [400],
  },
  signIn: {
    method: 'POST',
    path: '/api/auth',
    summary: 'Sign in with email and password; the reply carries the session token',
    description:
      'Send the token in the `Authentication` header of later calls. Failed attempts are counted: 5 for one address from one IP, or 20 from one IP, within 15 minutes answer 429. After 5 failures for an address from anywhere, the right password answers `require_action: email2fa` and a code is emailed; repeat the call with `email_code`. A user with two-factor authentication gets `require_action: google2fa`: repeat the call with `pin_code` (the authenticator code or a recovery code; each accepted once) or with the `email_code` that `sendSignInCode` mails. Five wrong codes within 15 minutes answer 429.',
    access: 'public',
    body: loginRequest,
    response: signInReply,
    errors: [400, 401, 403, 429],
  },
  sendSignInCode: {
    method: 'POST',
    path: '/api/users/send-2fa-confirmation-code',
    summary: 'Email a new six-digit sign-in code to the owner of these credentials',
    description: 'Used by the `email2fa` step to send a new code, and by the `google2fa` step to sign in with an emailed code instead.',
    access: 'public',
    body: sendSignInCodeRequest,
    response: success,
    errors: [401, 403, 429],
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/current',
    summary: 'Read the signed-in user and their account',
    access: 'session',
    response: userDto,
    beforeTwoFactor: true,
  },
  signOut: {
    method: 'DELETE',
    path: '/api/auth/current',
    summary: 'Sign out: end the session of the token given, if any',
    access: 'optional',
    response: success,
    errors: [400],
    beforeTwoFactor: true,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/forgot',
    summary: 'Mail a password reset link; the reply is the same whether the address has an account or not',
    access: 'public',
    body: forgotRequest,
    response: success,
    errors: [429],
  },
  requestPortalPasswordReset: {
    method: 'POST',
    path: '/api/users/portal-forgot',
    summary: 'Mail a password reset link from a portal; the reply is the same whether the address has an account or not',
    access: 'public',
    body: forgotRequest,
    response: success,
    errors: [429],
  },
  checkConfirmationLink: {
    method: 'POST',
    path: '/api/confirm',
    summary: 'Check an account confirmation link without using it up',
    access: 'public',
    body: confirmRequest,
    response: confirmResponse,
    errors: [404],
  },
  checkResetLink: {
    method: 'POST',
    path: '/api/reset/check',
    summary: 'Check a password reset link without using it up',
    access: 'public',
    body: confirmRequest,
    response: confirmResponse,
    errors: [404],
  },
  confirmAccount: {
    method: 'POST',
    path: '/api/users/confirm/password',
    summary: 'Confirm an account from its link: set the password (and accept the Terms of Service if not yet) and sign in',
    access: 'public',
    body: setPasswordRequest,
    response: passwordSetReply,
    errors: [404],
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset',
    summary: "Set a new password from a reset link and sign in; the user's other sessions end",
    access: 'public',
    body: setPasswordRequest,
    response: passwordSetReply,
    errors: [404],
  },
  stopImpersonating: {
    method: 'POST',
    path: '/api/users/impersonate-reset',
    summary: "Stop acting as another user: a new session in the admin's own name",
    access: 'session',
    body: z.object({}).optional(),
    response: loginResponse,
  },
});

/** The header's name rule (docs/product/sign-in-and-sessions.md#screens): account name, else full name, else username; sub-users append their own. */
export function headerName(
  user: Pick<UserDto, 'first_name' | 'last_name' | 'username' | 'roles'> & { account: { name: string } | null },
): string {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const base = user.account?.name || fullName || user.username;
  if (user.roles[0]?.name === 'account_user' && fullName && base !== fullName) return `${base} (${fullName})`;
  return base;
}

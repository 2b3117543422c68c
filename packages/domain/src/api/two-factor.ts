import { z } from 'zod';
import { accountIdParams, defineCalls } from './contract.ts';
import { requiredMessage, requiredThen, sixDigitCode } from './form-rules.ts';

/**
 * Two-factor authentication (docs/product/sign-in-and-sessions.md#rules-and-limits "Two-factor"): disabled, then enabling once a key and QR code
 * are handed out, then enabled after a correct PIN; a correct PIN (or an emailed code) turns it off.
 * The account admin may require it of every user of the account.
 */

export const TWO_FACTOR_MESSAGES = {
  wrongPin: 'Wrong pin code',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  noPendingKey: 'Ask for a new key first: the one you scanned has expired or was replaced.',
  required:
    'Your account requires two-factor authentication. Turn it on to continue: scan the QR code with an authenticator app and enter its code.',
  enableYourselfFirst: 'Turn on two-factor authentication for yourself before requiring it of everyone.',
  challenge: 'Enter the six-digit code from your authenticator app, or one of your recovery codes.',
} as const;

/** Where a user who must still enrol is sent. */
export const TWO_FACTOR_PATH = '/account/two-factored-authentication';

/** How many recovery codes enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const twoFactorKey = z.object({
  /** The base32 secret, for typing into the app by hand. */
  key: z.string(),
  /** A PNG data URL of the `otpauth://` URI. */
  qr_code: z.string(),
});
export type TwoFactorKey = z.infer<typeof twoFactorKey>;

const pinCode = z.string().trim().min(1, requiredMessage('Pin code')).max(40);

export const enableTwoFactorRequest = z.object({ pin_code: pinCode });

/** The enrolment form: a new key's code is always the app's six digits (a recovery code does not exist yet). */
export const enableTwoFactorForm = z.object({ pin_code: sixDigitCode('Enter the six digits your app shows') });

export const enableTwoFactorReply = z.object({
  pin_ok: z.literal(true),
  message: z.string(),
  /** Shown once: only their hashes are kept. Each signs in (or turns two-factor off) once. */
  recovery_codes: z.array(z.string()),
});
export type EnableTwoFactorReply = z.infer<typeof enableTwoFactorReply>;

export const disableTwoFactorRequest = z.object({
  /** The app's code or a recovery code; with `with_email`, the code mailed by `sendDisableTwoFactorCode`. */
  pin_code: pinCode,
  with_email: z.boolean().optional(),
});
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequest>;

/** The form that turns it off: any code the call takes. */
export const disableTwoFactorForm = z.object({ pin_code: requiredThen(pinCode, 'Enter a code') });

export const twoFactorPolicy = z.object({ require_two_factor: z.boolean() }).meta({ id: 'TwoFactorPolicy' });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;

const success = z.object({ success: z.boolean(), message: z.string() });

export const twoFactorCalls = defineCalls('two-factor', {
  startTwoFactor: {
    method: 'POST',
    path: '/api/users/google-2fa-key',
    summary: 'Get a new authenticator key and its QR code; two-factor turns on once a code from it is confirmed',
    description: 'Each call replaces the key not yet confirmed. Refused (400) while two-factor authentication is on.',
    access: 'session',
    response: twoFactorKey,
    beforeTwoFactor: true,
  },
  enableTwoFactor: {
    method: 'POST',
    path: '/api/users/enable-google-2fa',
    summary: 'Turn two-factor authentication on with a code from the new key; the reply carries the recovery codes',
    description: "A wrong code answers 400 'Wrong pin code'; five wrong codes within 15 minutes answer 429.",
    access: 'session',
    body: enableTwoFactorRequest,
    response: enableTwoFactorReply,
    errors: [429],
    beforeTwoFactor: true,
  },
  sendDisableTwoFactorCode: {
    method: 'POST',
    path: '/api/users/send-disable-2fa-confirmation-code',
    summary: 'Email a six-digit code that turns two-factor authentication off',
    access: 'session',
    response: success,
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/api/users/disable-google-2fa',
    summary: 'Turn two-factor authentication off with a code from the app, a recovery code, or the emailed code',
    description: "A wrong code answers 400 'Wrong pin code'; five wrong codes within 15 minutes answer 429.",
    access: 'session',
    body: disableTwoFactorRequest,
    response: success,
    errors: [429],
  },
  setTwoFactorPolicy: {
    method: 'PUT',
    path: '/api/accounts/:accountId/two-factor-policy',
    summary: 'Require two-factor authentication of every user of the account, or stop requiring it (account admins)',
    description:
      'Users without two-factor authentication are then limited to enrolling: every other call answers 403 `two_factor_required`. The admin must have it on first.',
    access: 'session',
    params: accountIdParams,
    body: twoFactorPolicy,
    response: twoFactorPolicy,
  },
});

/**
 * Whether a user must still turn on two-factor authentication before using the app: their account
 * requires it and they are one of its issuers (admin or sub-user; the account's recipients are not).
 * A session an admin opened to act as the user is left alone: the admin signed in with their own factors.
 */
export function twoFactorSetupRequired(input: {
  roles: readonly string[];
  enabled: boolean;
  accountRequires: boolean;
  impersonated: boolean;
}): boolean {
  const issuer = input.roles[0] === 'account_admin' || input.roles[0] === 'account_user';
  return issuer && input.accountRequires && !input.enabled && !input.impersonated;
}

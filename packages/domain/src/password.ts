import { requiredMessage } from './api/form-rules.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Password rule (docs/decisions/0001-departures-from-the-specification.md: from docs/product/sign-in-and-sessions.md#rules-and-limits): 8 to 128 characters of any kind.
 * The server also refuses common passwords; that list is too large to ship to the browser.
 */
export const PASSWORD_TOO_LONG_MESSAGE = `Password may not be longer than ${PASSWORD_MAX_LENGTH} characters.`;

export function passwordProblem(password: string): string | null {
  if (!password) return requiredMessage('Password');
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if ([...password].length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/** The confirmation's messages (docs/product/sign-in-and-sessions.md#messages), in sentence case. */
export function confirmPasswordProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Confirm your password.';
  if (password && confirmation !== password) return 'The passwords do not match.';
  return null;
}

import { z } from 'zod';

/**
 * The one error body every failing API call returns. The client shows `errors[0]` (the spec's
 * "first server error"); `error_type`, `field` (the form field the error belongs to) and `redirect`
 * drive the flows that branch on them. Extra keys some calls add (a file's missing columns, say) pass through.
 */
const errorFields = z.object({
  message: z.string(),
  errors: z.array(z.string()),
  error_type: z.string().optional(),
  field: z.string().optional(),
  redirect: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorFields>;
export const apiErrorBody = errorFields.loose().meta({ id: 'ApiError' });

export const MESSAGES = {
  tooManyAttempts: 'Too many attempts. Try again in few minutes.',
  wrongCredentials: 'Incorrect email or password. Try again.',
  notConfirmed: 'Please confirm your email address first: we sent you a link when you registered.',
  banned: 'This account has been suspended. Please contact support.',
  emailNotFound: 'Email not found.',
  loggedOut: 'You have logged out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAllowed: 'Action not allowed',
  notWhileActing: 'Not available while acting as another user.',
  notFound: 'Error 404. Page not found.',
  forbidden: 'Error 403. No permission to access.',
  invalidEmail: 'Invalid email format',
  userExists: 'An account with this email address has already been created.',
  cannotCreateAccount: "Account can't be created, please contact our support",
  invalidPromo: 'Unfortunately, the provided Promo Code is not valid.',
  passwordSet: 'Your password has been set.',
  csrf: 'Your sign-in form has expired. Please reload the page and try again.',
  invalidLink: 'This link is invalid or has expired.',
  reviewUnavailable: 'Review temporary unavailable',
} as const;

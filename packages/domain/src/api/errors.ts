/**
 * The one error body every failing API call returns. The client shows `errors[0]` (the spec's
 * "first server error"); `error_type`, `field` and `redirect` drive the flows that branch on them.
 */
export interface ApiErrorBody {
  message: string;
  errors: string[];
  error_type?: string;
  /** The form field the error belongs to, when there is one. */
  field?: string;
  redirect?: string;
}

export const MESSAGES = {
  tooManyAttempts: 'Too many attempts. Try again in few minutes.',
  wrongCredentials: 'Incorrect email or password. Try again.',
  notConfirmed: 'Please confirm your email address first: we sent you a link when you registered.',
  banned: 'This account has been suspended. Please contact support.',
  emailNotFound: 'Email not found.',
  loggedOut: 'You have logged out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAllowed: 'Action not allowed',
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

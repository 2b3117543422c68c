import { z } from 'zod';
import { PAGINATION_COUNTS, PAGINATION_LISTS } from '../constants.ts';
import { isValidEmail } from '../email.ts';
import { loginResponse, newPassword, userDto } from './auth.ts';
import { defineCalls, idParams, okReply } from './contract.ts';
import { MESSAGES } from './errors.ts';
import { requiredThen } from './form-rules.ts';

/** The signed-in user's own profile, password and address, the review prompt, and acting as another user. */

const profileUpdate = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  password: z.string().max(1024),
});
// Only the flag alone is this shape: a password or name beside it is a mistaken profile update, not a review.
const reviewUpdate = z.strictObject({ review: z.boolean() });
export const userUpdate = z.union([profileUpdate, reviewUpdate], {
  error: 'Send first_name, last_name and password to update the profile, or review alone.',
});
export type UserUpdate = z.infer<typeof userUpdate>;

export const passwordChange = z.object({ oldPassword: z.string().max(1024), newPassword: newPassword() });
export type PasswordChange = z.infer<typeof passwordChange>;

export const emailChange = z.object({ new_email: z.string().trim().max(254), email_confirmation_code: z.string().max(20) });
export type EmailChange = z.infer<typeof emailChange>;

/** The personal details form: both names asked for, then the call's limits. */
export const personalDetailsForm = z.object({
  first_name: requiredThen(profileUpdate.shape.first_name, 'First name is required.'),
  last_name: requiredThen(profileUpdate.shape.last_name, 'Last name is required.'),
});

/** The change-email popup: the new address as the server checks it, and the code that was mailed. */
export const emailChangeForm = z.object({
  new_email: emailChange.shape.new_email.refine(isValidEmail, MESSAGES.invalidEmail),
  email_confirmation_code: requiredThen(emailChange.shape.email_confirmation_code, 'Enter the code we emailed you.'),
});

/** One list's kept page size (docs/product/account.md#calls `user/pagination`). */
export const pageSizeChange = z.object({
  type: z.enum(PAGINATION_LISTS),
  count: z.literal(PAGINATION_COUNTS, { error: `Count must be one of ${PAGINATION_COUNTS.join(', ')}.` }),
});
export type PageSizeChange = z.infer<typeof pageSizeChange>;

/** Every list's page size: the spec's defaults (docs/product/account.md#rules-and-limits) with the user's own choices over them. */
export const pageSizes = z.object(Object.fromEntries(PAGINATION_LISTS.map((list) => [list, z.number().int()]))).meta({ id: 'PageSizes' });
export type PageSizes = Record<(typeof PAGINATION_LISTS)[number], number>;

export const userCalls = defineCalls('users', {
  updateUser: {
    method: 'PUT',
    path: '/api/users/:id',
    summary: 'Change your own name (with your password), or record that you were asked for a review',
    description: 'Send `first_name`, `last_name` and `password` to update the profile, or `review` alone. Another user’s id is a 404.',
    access: 'session',
    params: idParams,
    body: userUpdate,
    response: z.union([z.object({ success: z.boolean(), review: z.boolean() }), okReply]),
  },
  getReviewUrl: {
    method: 'POST',
    path: '/api/accounts/g2-review-uri',
    summary: 'Get the address where an issuer writes a review of the product',
    access: 'session',
    response: z.object({ url: z.string() }),
    errors: [503],
  },
  updatePassword: {
    method: 'POST',
    path: '/api/users/:id/update-password',
    summary: 'Change your own password; your other sessions end',
    access: 'session',
    params: idParams,
    body: passwordChange,
    response: okReply,
  },
  requestEmailConfirmationCode: {
    method: 'POST',
    path: '/api/users/:id/request-email-confirmation-code',
    summary: 'Mail a six-digit code to your current address, to type when changing it',
    access: 'session',
    params: idParams,
    response: z.object({ success: z.boolean() }),
  },
  updateEmail: {
    method: 'POST',
    path: '/api/users/:id/update-email',
    summary: 'Change your own email address with the code mailed to the current one',
    description: 'Five wrong codes within 15 minutes answer 429.',
    access: 'session',
    params: idParams,
    body: emailChange,
    response: okReply.extend({ user: userDto }),
    errors: [429],
  },
  getPagination: {
    method: 'GET',
    path: '/api/user/pagination',
    summary: 'Read the page size of every list, yours where you chose one',
    access: 'session',
    response: pageSizes,
  },
  setPagination: {
    method: 'POST',
    path: '/api/user/pagination',
    summary: 'Keep the page size you chose for one list',
    access: 'session',
    body: pageSizeChange,
    response: pageSizes,
  },
  impersonateUser: {
    method: 'POST',
    path: '/api/users/:id/impersonate',
    summary: 'Act as another user (super-admins): a new session that remembers who opened it',
    access: 'session',
    params: idParams,
    response: loginResponse,
  },
  impersonateAccountUser: {
    method: 'POST',
    path: '/api/users/:id/account-user-impersonate',
    summary: 'Act as a sub-user of your own account (account admins)',
    access: 'session',
    params: idParams,
    response: loginResponse,
  },
});

import { type AccountUpdate, accountCalls, type EmailChange, type PasswordChange, userCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';
import { accountKeys } from '../query-keys.ts';

/** The account profile's calls: the account's details and logo, and the signed-in user's own details. */

export const accountKey = accountKeys.account;

export const getAccount = (id: number) => call(accountCalls.getAccount, { params: { id } });

export const updateAccount = (id: number, body: AccountUpdate) => call(accountCalls.updateAccount, { params: { id }, body });

export function uploadLogo(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(accountCalls.uploadAccountLogo, { params: { id }, form });
}

/** The same call as the file upload, with the address in the form's `url` field: the server fetches it. */
export function setLogoFromUrl(id: number, url: string) {
  const form = new FormData();
  form.append('url', url);
  return call(accountCalls.uploadAccountLogo, { params: { id }, form });
}

export const removeLogo = (id: number) => call(accountCalls.removeAccountLogo, { params: { id } });

export const updateName = (id: number, body: { first_name: string; last_name: string; password: string }) =>
  call(userCalls.updateUser, { params: { id }, body });

export const changePassword = (id: number, body: PasswordChange) => call(userCalls.updatePassword, { params: { id }, body });

export const requestEmailCode = (id: number) => call(userCalls.requestEmailConfirmationCode, { params: { id } });

export const changeEmail = (id: number, body: EmailChange) => call(userCalls.updateEmail, { params: { id }, body });

import {
  type AccountUpdate,
  accountCalls,
  callPath,
  type EmailChange,
  type LogoReply,
  type LogoUrlRequest,
  type PasswordChange,
  userCalls,
} from '@laurel/domain';
import { call } from '../../api/call.ts';
import { API_BASE, apiRequest } from '../../api/client.ts';

/** The account profile's calls: the account's details and logo, and the signed-in user's own details. */

export const accountKey = (id: number) => ['account', id] as const;

export const getAccount = (id: number) => call(accountCalls.getAccount, { params: { id } });

export const updateAccount = (id: number, body: AccountUpdate) => call(accountCalls.updateAccount, { params: { id }, body });

export function uploadLogo(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(accountCalls.uploadAccountLogo, { params: { id }, form });
}

/** The same call as the file upload, with `{ url }` as JSON: the server fetches the address itself. */
export function setLogoFromUrl(id: number, url: string) {
  const body: LogoUrlRequest = { url };
  return apiRequest<LogoReply>('POST', callPath(accountCalls.uploadAccountLogo.path, { id }).slice(API_BASE.length), { body });
}

export const removeLogo = (id: number) => call(accountCalls.removeAccountLogo, { params: { id } });

export const updateName = (id: number, body: { first_name: string; last_name: string; password: string }) =>
  call(userCalls.updateUser, { params: { id }, body });

export const changePassword = (id: number, body: PasswordChange) => call(userCalls.updatePassword, { params: { id }, body });

export const requestEmailCode = (id: number) => call(userCalls.requestEmailConfirmationCode, { params: { id } });

export const changeEmail = (id: number, body: EmailChange) => call(userCalls.updateEmail, { params: { id }, body });

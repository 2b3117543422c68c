import { authCalls, type LoginRequest, type SetPasswordRequest } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const getCsrfToken = () => call(authCalls.getCsrfToken, {}, { quiet401: true });

/** Sign-in forms handle a 401 themselves: it means wrong credentials, not an expired session. */
export const login = (body: LoginRequest) => call(authCalls.signIn, { body }, { quiet401: true });

export const requestPasswordReset = (email: string) => call(authCalls.requestPasswordReset, { body: { email } });

export type PasswordLinkMode = 'confirm' | 'reset';

/** Checks a confirmation or reset link; a 404 means the link is invalid or spent. */
export const checkPasswordLink = (mode: PasswordLinkMode, code: string) =>
  mode === 'confirm'
    ? call(authCalls.checkConfirmationLink, { body: { code } }, { quiet401: true })
    : call(authCalls.checkResetLink, { body: { code } }, { quiet401: true });

export const setPassword = (mode: PasswordLinkMode, body: SetPasswordRequest) =>
  mode === 'confirm'
    ? call(authCalls.confirmAccount, { body }, { quiet401: true })
    : call(authCalls.resetPassword, { body }, { quiet401: true });

export const stopImpersonating = () => call(authCalls.stopImpersonating, { body: {} });

/** Emails a new sign-in code to the owner of these credentials. */
export const sendSignInCode = (login: { email: string; password: string }) =>
  call(authCalls.sendSignInCode, { body: { login } }, { quiet401: true });

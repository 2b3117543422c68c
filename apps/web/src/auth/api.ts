import type { ConfirmResponse, CsrfResponse, LoginResponse, UserDto } from '@laurel/domain';
import { api } from '../api/client.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export const getCsrfToken = () => api.get<CsrfResponse>('/auth/csrf', { quiet401: true });

/** Sign-in forms handle a 401 themselves: it means wrong credentials, not an expired session. */
export const login = (input: LoginInput & { csrf_token: string }) => api.post<LoginResponse>('/auth', input, { quiet401: true });

export const getCurrentUser = (options: { quiet401?: boolean } = {}) => api.get<UserDto>('/auth/current', options);

export const logout = () => api.delete<{ success: boolean }>('/auth/current', { quiet401: true });

export const requestPasswordReset = (email: string) => api.post<{ success: boolean }>('/forgot', { email });

export type PasswordLinkMode = 'confirm' | 'reset';

/** Checks a confirmation or reset link; a 404 means the link is invalid or spent. */
export const checkPasswordLink = (mode: PasswordLinkMode, code: string) =>
  api.post<ConfirmResponse>(mode === 'confirm' ? '/confirm' : '/reset/check', { code }, { quiet401: true });

export interface SetPasswordInput {
  code: string;
  password: string;
  password_confirmation: string;
  accept_terms?: boolean;
}

export const setPassword = (mode: PasswordLinkMode, input: SetPasswordInput) =>
  api.post<{ success: boolean }>(mode === 'confirm' ? '/users/confirm/password' : '/reset', input, { quiet401: true });

export interface ImpersonateResetResponse {
  token: string;
  location: string;
}

export const stopImpersonating = () => api.post<ImpersonateResetResponse>('/users/impersonate-reset');

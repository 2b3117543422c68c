import type { RegistrationRequest } from '@laurel/domain';
import { api } from '../api/client.ts';

export interface UrlAvailability {
  taken: boolean;
  problem: string | null;
}

export const checkAccountUrl = (url: string) => api.post<UrlAvailability>('/registration/url', { url }, { quiet401: true });

export interface RegistrationResponse {
  success: true;
  email: string;
  location: string;
}

export const registerAccount = (input: RegistrationRequest) =>
  api.post<RegistrationResponse>('/registration/account', input, { quiet401: true });

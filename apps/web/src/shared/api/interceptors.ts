import type { ApiError } from './errors.ts';

/**
 * What the app does with statuses every call can meet (401, 410, a 403 asking for two-factor). The UI registers the handlers
 * at start so the fetch layer stays free of React.
 */
interface Interceptors {
  unauthorized: (error: ApiError) => void;
  gone: (error: ApiError) => void;
  /** 403 `two_factor_required`: the account now requires two-factor authentication of this user. */
  twoFactorRequired: (error: ApiError) => void;
}

const handlers: Interceptors = {
  unauthorized: () => {},
  gone: () => {},
  twoFactorRequired: () => {},
};

export function setInterceptors(next: Partial<Interceptors>): void {
  Object.assign(handlers, next);
}

export function interceptors(): Interceptors {
  return handlers;
}

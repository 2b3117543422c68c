import type { ApiError } from './errors.ts';

/**
 * What the app does with statuses every call can meet (401, 410). The UI registers the handlers
 * at start so the fetch layer stays free of React.
 */
interface Interceptors {
  unauthorized: (error: ApiError) => void;
  gone: (error: ApiError) => void;
}

const handlers: Interceptors = {
  unauthorized: () => {},
  gone: () => {},
};

export function setInterceptors(next: Partial<Interceptors>): void {
  Object.assign(handlers, next);
}

export function interceptors(): Interceptors {
  return handlers;
}

import { trackRequest } from './activity.ts';
import { ApiError, toErrorBody } from './errors.ts';
import { interceptors } from './interceptors.ts';
import { getToken } from './token.ts';

export const API_BASE = '/api';

export interface RequestOptions {
  /** JSON, or a form for multipart uploads (files). */
  body?: unknown;
  query?: QueryValues;
  /**
   * Leave a 401 to the caller instead of opening the re-login modal: sign-in forms and the first
   * look at the session use it, where a 401 is an answer, not an interruption.
   */
  quiet401?: boolean;
  /** Leave a 410 to the caller instead of the app-wide notification: a page that shows the reason itself. */
  quiet410?: boolean;
  signal?: AbortSignal;
  /** The reply is a file (a PDF, a PNG, a font): read as bytes instead of JSON. */
  file?: boolean;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryValues = Record<string, QueryValue | readonly QueryValue[]>;

/** `?a=1&rid[]=2&rid[]=3`: a list repeats its key; absent values are left out. */
export function queryString(query: QueryValues | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function buildUrl(path: string, query?: QueryValues): string {
  return `${API_BASE}${path}${queryString(query)}`;
}

/** One call to the API: JSON in and out, the session token in the `Authentication` header. */
export function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return trackRequest(send<T>(method, buildUrl(path, options.query), options));
}

/**
 * A file at an address: a call's (`callFile`) or one the server handed out (a thumbnail). It carries the session
 * header and fails as every call does, but stays off the loading bar: images load in place, behind their own
 * skeletons, and the bar is for what a person waits on.
 */
export function fileRequest(method: string, url: string, options: Pick<RequestOptions, 'body' | 'signal'> = {}): Promise<Blob> {
  return send<Blob>(method, url, { ...options, file: true });
}

async function send<T>(method: string, url: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: options.file ? '*/*' : 'application/json' };
  const token = getToken();
  if (token) headers.Authentication = token;
  const isForm = options.body instanceof FormData;
  const hasBody = options.body !== undefined;
  // A form sets its own multipart content type, boundary included.
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    credentials: 'same-origin',
  });

  if (response.ok && options.file) return (await response.blob()) as T;
  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = text;
    }
  }

  if (!response.ok) {
    const error = new ApiError(response.status, toErrorBody(response.status, payload));
    if (response.status === 401 && !options.quiet401) interceptors().unauthorized(error);
    if (response.status === 410 && !options.quiet410) interceptors().gone(error);
    if (response.status === 403 && error.body.error_type === 'two_factor_required') interceptors().twoFactorRequired(error);
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  /** A multipart POST: files, with any other fields of the form. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body: form }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

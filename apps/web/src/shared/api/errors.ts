import type { ApiErrorBody } from '@laurel/domain';

/** A failed API call: the HTTP status and the server's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.errors[0] ?? body.message);
  }
}

const NETWORK_MESSAGE = 'We could not reach Laurel. Check your connection and try again.';

/** The message to show for any failure: the server's first error, as the spec asks. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.body.errors[0] || error.body.message || fallback;
  if (error instanceof TypeError) return NETWORK_MESSAGE;
  return fallback;
}

/** Every message of a failure: one refusal can name several problems at once (a file's rows, say). */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError && error.body.errors.length) return [...new Set(error.body.errors)];
  return [errorMessage(error)];
}

/** Reads an error body, accepting servers or proxies that answer with something else. */
export function toErrorBody(status: number, payload: unknown): ApiErrorBody {
  // The font upload answers errors as a bare list of messages (docs/product/builder.md#calls).
  if (Array.isArray(payload) && payload.length) return { message: String(payload[0]), errors: payload.map(String) };
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const body = payload as Partial<ApiErrorBody>;
    const message = String(body.message ?? '');
    return {
      ...body,
      message,
      errors: Array.isArray(body.errors) && body.errors.length ? body.errors.map(String) : [message],
    } as ApiErrorBody;
  }
  const message = status >= 500 ? 'Something went wrong on our side. Please try again.' : `Request failed (${status}).`;
  return { message, errors: [message] };
}

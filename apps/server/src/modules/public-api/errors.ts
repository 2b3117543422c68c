import { V1_MESSAGES, type V1ErrorBody, type V1FieldError } from '@laurel/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.ts';

/**
 * The public API answers every failure as `{error: {type, message, field?}}`, the shape integrators
 * know from other APIs, instead of the app's ApiError. The service functions are the app's, so their
 * AppErrors are translated here by status.
 */
export class V1Error extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: V1FieldError[],
  ) {
    super(message);
  }
}

/** A 400 naming every refused value; the first one is the message and the `field`. */
export function invalidRequest(errors: V1FieldError[]): V1Error {
  const [first] = errors;
  return new V1Error(400, 'invalid_request_error', V1_MESSAGES.refused(first!, errors.length), first!.field, {}, errors);
}

const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'insufficient_credits',
  403: 'permission_error',
  404: 'not_found',
  409: 'conflict',
  410: 'not_found',
  413: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
};

export const errorBody = (type: string, message: string, field?: string, errors?: V1FieldError[]): V1ErrorBody => ({
  error: { type, message, ...(field ? { field } : {}), ...(errors ? { errors } : {}) },
});

/** The recipient a path like `recipients.3.email` is about: its index in the list. */
function rowOf(path: readonly PropertyKey[]): number | undefined {
  return path[0] === 'recipients' && typeof path[1] === 'number' ? path[1] : undefined;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { keys?: unknown };
}

/**
 * Every issue of a refused body, query or path, each as its own entry: a property /v1 does not know is
 * named by its path (zod reports the object holding it, with the keys).
 */
export function validationErrors(issues: readonly ValidationIssue[], part = 'body'): V1FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath
      .split('/')
      .filter(Boolean)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const entry = (at: (string | number)[], message: string): V1FieldError => {
      const row = rowOf(at);
      // The part as a whole (a body that is not an object) is named by the part.
      return { field: at.join('.') || part, ...(row === undefined ? {} : { row }), message };
    };
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys))
      return issue.params.keys.map((key) => entry([...path, String(key)], V1_MESSAGES.unknownField(String(key))));
    return [entry(path, issue.message ?? 'invalid value')];
  });
}

export function registerV1ErrorHandler(v1: FastifyInstance): void {
  v1.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof V1Error) {
      reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.type, error.message, error.field, error.errors));
    }
    if (error instanceof AppError) {
      const body = error.body();
      const field = body.field ?? undefined;
      // A refusal of the app's own rules (a title already taken) names its field in `errors` too, as every 400 does.
      const errors = error.status === 400 && field ? [{ field, message: body.message }] : undefined;
      return reply.status(error.status).send(errorBody(TYPES[error.status] ?? 'api_error', body.message, field, errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refused = invalidRequest(validationErrors(error.validation as ValidationIssue[], error.validationContext));
      return reply.status(400).send(errorBody(refused.type, refused.message, refused.field || undefined, refused.errors));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'public API request failed');
      return reply.status(500).send(errorBody('api_error', 'Something went wrong on our side. Try again later.'));
    }
    const message = error.code?.startsWith('FST_ERR_CTP') ? 'The request body must be JSON of at most the allowed size.' : error.message;
    return reply.status(status).send(errorBody(TYPES[status] ?? 'invalid_request_error', message));
  });
}

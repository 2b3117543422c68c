import type { V1ErrorBody } from '@laurel/domain';
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
  ) {
    super(message);
  }
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

export const errorBody = (type: string, message: string, field?: string): V1ErrorBody => ({
  error: { type, message, ...(field ? { field } : {}) },
});

export function registerV1ErrorHandler(v1: FastifyInstance): void {
  v1.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof V1Error) {
      reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.type, error.message, error.field));
    }
    if (error instanceof AppError) {
      const body = error.body();
      return reply.status(error.status).send(errorBody(TYPES[error.status] ?? 'api_error', body.message, body.field ?? undefined));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const field = path ?? (issue?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.');
      const message = `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid value'}`;
      return reply.status(400).send(errorBody('invalid_request_error', message, field || undefined));
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

import { isRenderError } from '@laurel/certificate/node';
import { type ApiErrorBody, type Feature, MESSAGES, UPGRADE_PATH, upgradeMessage } from '@laurel/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** A failure the client is meant to read: status, message and the fields its flows branch on. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, 'message' | 'errors'> & { errors?: string[] } = {},
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    const { errors, ...rest } = this.extra;
    return { message: this.message, errors: errors ?? [this.message], ...rest };
  }
}

type Extra = AppError['extra'];
export const badRequest = (message: string, extra?: Extra) => new AppError(400, message, extra);
export const unauthorized = (message: string = MESSAGES.wrongCredentials, extra?: Extra) => new AppError(401, message, extra);
export const forbidden = (message: string = MESSAGES.notAllowed, extra?: Extra) =>
  new AppError(403, message, { error_type: 'permission', ...extra });
/** Another tenant's row is a 404 too: a 403 would confirm that it exists. */
export const notFound = (message: string = MESSAGES.notFound, extra?: Extra) =>
  new AppError(404, message, { error_type: 'empty', ...extra });
/** A feature above the account's plan: the catalogue's message and the way to upgrade. */
export const upgradeRequired = (feature: Feature) => forbidden(upgradeMessage(feature), { error_type: 'upgrade', redirect: UPGRADE_PATH });
export const conflict = (message: string, extra?: Extra) => new AppError(409, message, extra);
/** The thing existed and is gone for good (a certificate whose issuer deleted their account). */
export const gone = (message: string, extra?: Extra) => new AppError(410, message, { error_type: 'gone', ...extra });
/** The database is away (restarting, failing over): the client may simply try again shortly. */
export const serviceUnavailable = () =>
  new AppError(503, 'Laurel is briefly unavailable. Please try again in a moment.', { error_type: 'unavailable' });
export const tooManyAttempts = () => new AppError(429, MESSAGES.tooManyAttempts, { error_type: 'too_many_attempts' });

/** The one error handler: every failure leaves as an ApiErrorBody, never as a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.body());
    // A design the renderers refuse (an image too large or unreadable) or a render stopped at its time or
    // memory limit: the request was understood and cannot be carried out; the message says why.
    if (isRenderError(error)) return reply.status(422).send(new AppError(422, error.message, { error_type: error.code }).body());
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(serviceUnavailable().body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').split('/')[0] || undefined;
      const message = field ? `${humanize(field)}: ${issue?.message ?? 'invalid value'}` : (issue?.message ?? 'Invalid request');
      return reply.status(400).send(new AppError(400, message, { error_type: 'required', field }).body());
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(new AppError(500, 'Something went wrong').body());
    }
    if (status === 429) return reply.status(429).send(tooManyAttempts().body());
    return reply.status(status).send(new AppError(status, readableFrameworkMessage(error)).body());
  });
}

function humanize(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function readableFrameworkMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE')
    return 'The file size may not be greater than 2 MB';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'The request body is not valid JSON';
  return error.message;
}

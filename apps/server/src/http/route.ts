import { apiErrorBody, type Call, type CallDefinition, errorStatuses, isFileReply, isRedirectReply } from '@laurel/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { assertTwoFactorSatisfied, requireAuth } from './auth.ts';

/**
 * Registers a route from its contract (packages/domain/src/api): the contract's schemas validate the
 * request and serialise the reply, and name the operation in the OpenAPI document. A route file then
 * holds only what is the server's own: access checks, one call into the module's service, a presenter.
 */

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['query']>;
  Body: C['body'] extends z.ZodType ? z.output<C['body']> : undefined;
}>;

/** What the handler returns: the reply's data before serialisation, or the reply itself once it sent a file or a redirect. */
export type CallReply<C extends CallDefinition> = C['response'] extends z.ZodType ? z.output<C['response']> : FastifyReply;

export type CallHandler<C extends CallDefinition> = (request: CallRequest<C>, reply: FastifyReply) => Promise<CallReply<C>>;

export interface RouteOptions {
  /** Requests per minute from one address (the `@fastify/rate-limit` plugin). */
  rateLimit?: { max: number; timeWindow: string };
  /** A larger body than the server's default 1 MB (recipient lists). */
  bodyLimit?: number;
}

export function route<C extends Call>(app: FastifyInstance, call: C, handler: CallHandler<C>, options: RouteOptions = {}): void {
  app.route({
    method: call.method,
    url: call.path,
    schema: routeSchema(call),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    // Before the input is validated: a caller without a session learns nothing about what the call accepts.
    preValidation: async (request: FastifyRequest) => {
      if (call.access === 'session') requireAuth(request);
      assertTwoFactorSatisfied(request, call);
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * Sends a JSON reply serialised elsewhere (a table of millions of cells written by a worker thread) as
 * it is: the contract's serialiser would walk every cell again on the main thread. The caller builds
 * the text in the contract's shape, and the call's tests read the reply back against the schema.
 */
export function sendSerialized<C extends Call>(reply: FastifyReply, json: string): CallReply<C> {
  // A string with a JSON content type is sent by Fastify without serialising it; the handler returns the reply.
  return reply.type('application/json; charset=utf-8').send(json) as unknown as CallReply<C>;
}

const binary = z.string().meta({ format: 'binary' });
const emptyBody = z.string().max(0);
const SECURITY = { public: [], optional: [{}, { session: [] }], session: [{ session: [] }] } as const;

/** The Fastify schema of a contract, with its error replies and its security for the OpenAPI document. */
export function routeSchema(call: Call): FastifySchema {
  const response: Record<number, unknown> = {};
  if (isRedirectReply(call.response)) {
    // The body is empty: the browser follows the Location header.
    response[302] = { description: call.response.description, content: { 'text/plain': { schema: emptyBody } } };
  } else if (isFileReply(call.response)) {
    response[200] = {
      description: call.response.description,
      content: Object.fromEntries(call.response.contentTypes.map((type) => [type, { schema: binary }])),
    };
  } else {
    response[200] = call.response;
  }
  for (const status of errorStatuses(call)) response[status] = apiErrorBody;
  return {
    operationId: call.operationId,
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [call.tag],
    security: SECURITY[call.access],
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body && call.body !== 'multipart' ? { body: call.body } : {}),
    ...(call.body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response,
  } as FastifySchema;
}

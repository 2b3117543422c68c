import { type Call, errorStatuses, isFileReply, v1ErrorBody } from '@laurel/domain';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { CallHandler } from '../../http/route.ts';

/** A recipient list of the API: at most 1,000 rows a call. */
export const LIST_BODY_LIMIT = 2 * 1024 * 1024;

/** The path prefix the /v1 plugin is registered under; contracts carry the whole path. */
export const V1_PREFIX = '/v1';

const binary = z.string().meta({ format: 'binary' });
/** Documented on every POST; read by the idempotency hook. Other headers pass through untouched. */
const postHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .meta({ description: 'Any unique string (a UUID): a retry with the same key and body answers the first reply; kept 24 hours.' }),
});

const TAGS: Record<string, string> = {
  'certificate-sets': 'Certificate sets',
  projects: 'Projects',
  recipients: 'Recipients',
  credits: 'Credits',
};

/** A /v1 route from its contract: the schemas validate and serialise and make the /v1 OpenAPI document. */
export function v1Route<C extends Call>(v1: FastifyInstance, call: C, handler: CallHandler<C>, options: { bodyLimit?: number } = {}): void {
  const response: Record<number, unknown> = {};
  if (isFileReply(call.response))
    response[200] = {
      description: call.response.description,
      content: Object.fromEntries(call.response.contentTypes.map((type) => [type, { schema: binary }])),
    };
  else response[call.created ? 201 : 200] = call.response;
  for (const status of new Set([...errorStatuses(call), 429])) response[status] = v1ErrorBody;
  const schema = {
    operationId: call.operationId,
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: [TAGS[call.path.split('/')[2] ?? ''] ?? 'API'],
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body && call.body !== 'multipart' ? { body: call.body } : {}),
    ...(call.method === 'POST' ? { headers: postHeaders } : {}),
    response,
  } as FastifySchema;
  v1.route({
    method: call.method,
    url: call.path.slice(V1_PREFIX.length),
    schema,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: call.created
      ? (request: unknown, reply: FastifyReply) => {
          reply.code(201);
          return (handler as unknown as (request: unknown, reply: FastifyReply) => Promise<unknown>)(request, reply);
        }
      : (handler as unknown as (request: unknown, reply: FastifyReply) => Promise<unknown>),
  });
}

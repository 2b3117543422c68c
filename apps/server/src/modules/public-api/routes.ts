import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { withoutUnusedSchemas } from '../../http/openapi.ts';
import { errorBody, registerV1ErrorHandler, V1Error } from './errors.ts';
import { v1Routes } from './handlers.ts';
import { claimIdempotencyKey, storeIdempotentReply } from './idempotency.ts';
import { authenticateRequest } from './key-auth.ts';
import { KeyRateLimiter } from './rate-limit.ts';
import { V1_PREFIX } from './route.ts';

/** The document of the public API alone, apart from the app's /api/openapi.json. */
export const V1_OPENAPI_PATH = `${V1_PREFIX}/openapi.json`;

const DESCRIPTION = [
  'Issue certificates from your own systems. Authenticate every call with your API key from the API and integrations page:',
  '`Authorization: Bearer lrl_live_...`. A key acts as its user, with that user’s rights, and expires three months after it was made.',
  '\n\nFailures answer `{"error": {"type", "message", "field"?, "errors"?}}`; a 400 lists in `errors` every refused value at once,',
  'each with its `field` (`recipients.3.email`) and, for a recipient, its `row` (counting from 0); a property the API does not know is',
  'refused by name. Lists are paged by cursor: `limit` (1–100) and `starting_after`',
  '(the previous page’s `next_cursor`). Every POST takes an `Idempotency-Key` header: a retry with the same key and body gets',
  'the first answer again (`Idempotent-Replayed: true`) and does nothing twice; the same key with another body is a 422;',
  'a refused request (400) claims no key, so the corrected request may use the same one; and',
  'while the first request still runs a retry gets 409 `idempotency_in_progress`. Each key may make 120 calls a minute; every',
  'answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a call over the limit gets 429 with `Retry-After`.',
].join(' ');

/**
 * The public REST API under /v1, a plugin of its own: its error handler, Bearer key authentication,
 * per-key rate limits, idempotent POSTs and its OpenAPI document apply to its routes only.
 */
export function publicApiRoutes(others: readonly V1Registrar[]) {
  return (app: FastifyInstance, context: AppContext): void => registerPublicApi(app, context, others);
}

/** Another module's /v1 calls, registered inside the /v1 plugin so its hooks apply to them. */
export type V1Registrar = (v1: FastifyInstance, context: AppContext) => void;

function registerPublicApi(app: FastifyInstance, context: AppContext, others: readonly V1Registrar[]): void {
  const limiter = new KeyRateLimiter(context.db, context.clock);
  const plugin: FastifyPluginAsync = async (v1) => {
    registerV1ErrorHandler(v1);
    await v1.register(fastifySwagger, {
      decorator: 'v1Swagger',
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Laurel public API',
          version: 'v1',
          description: DESCRIPTION,
          license: { name: 'Proprietary', url: 'https://laurel.localhost/terms' },
        },
        servers: [{ url: '/', description: 'This server' }],
        components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key.' } } },
        security: [{ apiKey: [] }],
      },
      transform: jsonSchemaTransform,
      // The shared schema registry holds the app's named shapes too: keep only those this document uses.
      transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
    });
    v1.decorateRequest('apiKey', null);
    v1.decorateRequest('idempotencyClaim', null);

    v1.get('/openapi.json', { schema: { hide: true } }, async () => (v1 as unknown as { v1Swagger(): unknown }).v1Swagger());

    v1.addHook('onRequest', async (request, reply) => {
      if (request.hostInfo.onPortalHost) throw new V1Error(404, 'not_found', 'Not found.');
      if (request.url.split('?')[0] === V1_OPENAPI_PATH) return;
      request.apiKey = await authenticateRequest(context, request);
      await limiter.take(request.apiKey.key.id, reply);
    });
    v1.addHook('preHandler', async (request, reply) => {
      if (await claimIdempotencyKey(context, request, reply)) return reply;
    });
    v1.addHook('onSend', async (request, reply, payload) => {
      await storeIdempotentReply(context, request, reply, payload);
      return payload;
    });
    v1.setNotFoundHandler((request, reply) =>
      reply.status(404).send(errorBody('not_found', `No such call: ${request.method} ${request.url.split('?')[0]}.`)),
    );

    v1Routes(v1, context);
    for (const register of others) register(v1, context);
  };
  void app.register(plugin, { prefix: V1_PREFIX });
}

import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the contract checks (each API route has a documented reply). */
    routeTable: readonly RouteOptions[];
  }
}

/**
 * The OpenAPI document of every route, generated from the contracts in packages/domain/src/api and
 * served at /api/openapi.json. Named schemas (`.meta({ id })`) become shared components.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => void routeTable.push(route));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Laurel API',
        version: '1',
        description:
          'Design certificates, email a personalised one to every recipient, and let anyone verify them. ' +
          'Sign in with `POST /api/auth`; send the token it returns in the `Authentication` header. Every failure answers an `ApiError`.',
        license: { name: 'Proprietary', url: 'https://laurel.localhost/terms' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'Authentication', description: 'The token `POST /api/auth` returns.' },
        },
      },
      security: [{ session: [] }],
    },
    // The public API (/v1) has a document of its own (modules/public-api): left out of this one.
    transform: (input) => (input.url.startsWith('/v1/') ? { schema: { hide: true }, url: input.url } : jsonSchemaTransform(input)),
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);

/**
 * A named schema is registered once for requests and once for replies; the document keeps only the
 * ones its operations refer to, directly or through another kept schema.
 */
export function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  if (!('components' in document) || !document.components?.schemas) return document;
  const schemas = document.components.schemas as Record<string, unknown>;
  const kept = new Set(refsIn(document.paths));
  for (let pending = [...kept]; pending.length > 0; ) {
    pending = pending.flatMap((name) => refsIn(schemas[name] ?? {})).filter((name) => !kept.has(name));
    for (const name of pending) kept.add(name);
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return { ...document, components: { ...document.components, schemas: used } } as OpenApiObject;
}

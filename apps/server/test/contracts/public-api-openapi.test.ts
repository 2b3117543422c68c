import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';

/** The public API's own OpenAPI document: valid OpenAPI 3.1, naming every /v1 route, and apart from the app's. */

let laurel: TestLaurel;
let doc: { openapi: string; paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
beforeAll(async () => {
  laurel = await startTestLaurel();
  const response = await new ApiClient(laurel).get('/v1/openapi.json');
  expect(response.statusCode, response.body).toBe(200);
  doc = response.json();
});
afterAll(async () => {
  await laurel?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

interface JsonSchema {
  type?: string;
  required?: string[];
  additionalProperties?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  $ref?: string;
}

describe('the /v1 OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every /v1 route with an operationId and a summary', () => {
    const routes = laurel.app.routeTable
      .filter((route) => route.url.startsWith('/v1/') && route.url !== '/v1/openapi.json')
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ url: route.url, method })))
      .filter(({ method }) => method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const missing = routes.filter(({ url, method }) => {
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      return !operation?.operationId || !operation.summary;
    });
    expect(missing).toEqual([]);
  });

  it('documents the refused values of a 400 and refuses properties it does not know', () => {
    const schemas = (doc as unknown as { components: { schemas: Record<string, JsonSchema> } }).components.schemas;
    const error = schemas.Error!.properties!.error!;
    expect(error.properties!.errors).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/FieldError' } });
    expect(schemas.FieldError).toMatchObject({
      required: ['field', 'message'],
      properties: { field: { type: 'string' }, row: { type: 'integer' }, message: { type: 'string' } },
    });
    const bodyOf = (path: string) =>
      (doc.paths[path]!.post as unknown as { requestBody: { content: Record<string, { schema: JsonSchema }> } }).requestBody.content[
        'application/json'
      ]!.schema;
    for (const path of ['/v1/projects', '/v1/projects/{id}/recipients']) {
      const body = bodyOf(path);
      expect(body.additionalProperties, path).toBe(false);
      expect(body.properties!.recipients!.items!.additionalProperties, path).toBe(false);
    }
    expect(bodyOf('/v1/projects/{id}/send').additionalProperties).toBe(false);
    expect(bodyOf('/v1/recipients/{id}/revoke').additionalProperties).toBe(false);
  });

  it('documents the Idempotency-Key header on every POST and no app route', async () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path.startsWith('/v1/')).toBe(true);
      const post = operations.post as { parameters?: { in: string; name: string }[] } | undefined;
      if (post)
        expect(
          post.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
          path,
        ).toBe(true);
    }
    const app = (await new ApiClient(laurel).get('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(app.paths).filter((path) => path.startsWith('/v1'))).toEqual([]);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiClient } from './api.ts';
import type { TestLaurel } from './laurel.ts';

/** A caller of the public API: a Bearer key, JSON, and an Idempotency-Key when given. */
export function v1Client(laurel: TestLaurel, key: string | null) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    laurel.app.inject({
      method,
      url,
      headers: {
        host: 'laurel.test',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown = {}, idempotencyKey?: string) =>
      call('POST', url, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
}
export type V1Client = ReturnType<typeof v1Client>;

/** Makes the signed-in user's API key on the app's call and answers the secret. */
export async function makeKey(client: ApiClient): Promise<string> {
  const response = await client.post('/api/users/retrieve-api-key');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ api_key: string }>().api_key;
}

/** The error body every /v1 failure has. */
export function v1Error(response: LightMyRequestResponse) {
  return response.json<{ error: { type: string; message: string; field?: string } }>().error;
}

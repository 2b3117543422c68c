import { apiKeyCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';
import { integrationsKeys } from './query-keys.ts';

export const API_KEY_QUERY = integrationsKeys.apiKey();

export const getApiKey = () => call(apiKeyCalls.getApiKey, {});
export const retrieveApiKey = () => call(apiKeyCalls.retrieveApiKey, {});
export const revokeApiKey = () => call(apiKeyCalls.revokeApiKey, {});

/** The public API's OpenAPI document, served beside the API it describes (no key needed). */
export async function getV1Document(): Promise<OpenApiDocument> {
  const response = await fetch('/v1/openapi.json');
  if (!response.ok) throw new Error(`The API reference could not be loaded (${response.status}).`);
  return (await response.json()) as OpenApiDocument;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  default?: unknown;
  maximum?: number;
  minimum?: number;
  maxLength?: number;
  minLength?: number;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The address the API answers at: this app's own origin (it serves /v1 beside the screens). */
export const apiBaseUrl = () => window.location.origin;

/** A curl command that works as it is, for the key and call given. */
export function curlCommand(input: { base: string; key: string; method: string; path: string; body?: unknown; idempotent?: boolean }) {
  const lines = [`curl -X ${input.method} '${input.base}${input.path}'`, `  -H 'Authorization: Bearer ${input.key}'`];
  if (input.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    if (input.idempotent) lines.push(`  -H 'Idempotency-Key: ${crypto.randomUUID()}'`);
    lines.push(`  -d '${JSON.stringify(input.body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

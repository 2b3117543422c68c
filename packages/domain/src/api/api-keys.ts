import { z } from 'zod';
import { defineCalls, okReply, timestamp } from './contract.ts';

/** A user's key for the public API (/v1): made, replaced and revoked on the API and integrations screen. */

/** How long a key works after it was made (docs/product/public-api.md#flows). */
export const API_KEY_LIFETIME_MONTHS = 3;

export const API_KEY_MESSAGES = {
  revoked: 'API key revoked.',
  noKey: 'There is no API key to revoke.',
  notAllowed: 'API keys belong to account admins and to team members who may send.',
} as const;

/** The key as the screen shows it: never the secret, which only the answer that made it carries. */
export const apiKeySummary = z
  .object({
    prefix: z.string(),
    created_at: timestamp(),
    expires_at: timestamp(),
    last_used_at: timestamp().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: 'ApiKeySummary' });
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const apiKeyCalls = defineCalls('api-keys', {
  getApiKey: {
    method: 'GET',
    path: '/api/users/api-key',
    summary: 'Read your API key: its prefix, when it was made, expires and was last used',
    access: 'session',
    response: z.object({ key: apiKeySummary.nullable() }),
  },
  retrieveApiKey: {
    method: 'POST',
    path: '/api/users/retrieve-api-key',
    summary: 'Make a new API key; the previous one stops working at once',
    description:
      'Keys are kept hashed, so the secret is in this answer only. `api_key_updated` is when the key was made; it expires three months later.',
    access: 'session',
    response: z.object({ api_key: z.string(), api_key_updated: timestamp(), key: apiKeySummary }),
  },
  revokeApiKey: {
    method: 'POST',
    path: '/api/users/revoke-api-key',
    summary: 'Revoke your API key: calls made with it are refused from now on',
    access: 'session',
    response: okReply,
    errors: [404],
  },
});

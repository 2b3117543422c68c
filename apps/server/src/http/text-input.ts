import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/** True when a string anywhere in a parsed value, key or value, holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, so such input would fail deep inside a query.
 * Refused here, before any route runs, it gets a clear 400 and changes nothing.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest(NUL_MESSAGE, { error_type: 'invalid' });
    }
  });
}

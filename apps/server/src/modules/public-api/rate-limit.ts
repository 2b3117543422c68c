import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { countHit } from '../../http/rate-counters.ts';
import { V1Error } from './errors.ts';

/** Calls one API key may make per minute (docs/decisions/0040-api-keys-and-public-api.md). */
export const V1_RATE_LIMIT = 120;
const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per key, counted in the database so that every API process behind a
 * balancer counts the same calls. Every answer carries the IETF RateLimit headers; the call over the
 * limit is a 429 with Retry-After.
 */
export class KeyRateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limit = V1_RATE_LIMIT,
  ) {}

  async take(keyId: number, reply: FastifyReply): Promise<void> {
    const { hits, resetMs } = await countHit(this.db, `api-key:${keyId}`, WINDOW_MS, this.clock.now().getTime());
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    const headers = { 'ratelimit-limit': String(this.limit), 'ratelimit-reset': String(reset) };
    if (hits > this.limit) {
      throw new V1Error(429, 'rate_limit_error', `Too many requests: at most ${this.limit} a minute per API key.`, undefined, {
        ...headers,
        'ratelimit-remaining': '0',
        'retry-after': String(reset),
      });
    }
    reply.headers({ ...headers, 'ratelimit-remaining': String(this.limit - hits) });
  }
}

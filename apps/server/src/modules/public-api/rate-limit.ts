import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import { V1Error } from './errors.ts';

/** Calls one API key may make per minute (docs/decisions.md, Public API). */
export const V1_RATE_LIMIT = 120;
const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per key, counted in this process's memory: with several API processes
 * behind a balancer, each counts its own share. Every answer carries the IETF RateLimit headers; the
 * call over the limit is a 429 with Retry-After.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<number, { start: number; used: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly limit = V1_RATE_LIMIT,
  ) {}

  take(keyId: number, reply: FastifyReply): void {
    const now = this.clock.now().getTime();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.forgetOld(now);
      window = { start: now, used: 0 };
      this.windows.set(keyId, window);
    }
    const reset = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    const headers = { 'ratelimit-limit': String(this.limit), 'ratelimit-reset': String(reset) };
    if (window.used >= this.limit) {
      throw new V1Error(429, 'rate_limit_error', `Too many requests: at most ${this.limit} a minute per API key.`, undefined, {
        ...headers,
        'ratelimit-remaining': '0',
        'retry-after': String(reset),
      });
    }
    window.used += 1;
    reply.headers({ ...headers, 'ratelimit-remaining': String(this.limit - window.used) });
  }

  private forgetOld(now: number): void {
    for (const [id, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(id);
  }
}

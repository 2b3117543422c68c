import type { Clock } from '../clock.ts';

/**
 * A per-account token bucket for outgoing certificate mail: each account may send `perSecond`
 * messages a second (with a burst of one second's worth), so one large send cannot swamp a relay or
 * crowd out other accounts. Callers reserve a slot and wait the returned delay; reservations queue
 * up fairly because the bucket may go below zero. The limit holds per worker process.
 */
export class SendRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly clock: Clock,
  ) {}

  /** Takes one slot for `key` and returns how many milliseconds to wait before using it. */
  reserve(key: string): number {
    const now = this.clock.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / this.perSecond) * 1000);
  }

  async acquire(key: string): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { sendRateBuckets } from '../db/schema.ts';

/**
 * A per-account token bucket for outgoing certificate mail: each account may send `perSecond`
 * messages a second (with a burst of one second's worth), so one large send cannot swamp a relay or
 * crowd out other accounts. Callers reserve a slot and wait the returned delay; reservations queue
 * up fairly because the bucket may go below zero. The bucket is a row in the database, taken in one
 * statement, so the limit holds for the account across every worker process.
 */
export class SendRateLimiter {
  constructor(
    private readonly db: Db,
    private readonly perSecond: number,
    private readonly clock: Clock,
  ) {}

  /** Takes one slot for `key` and returns how many milliseconds to wait before using it. */
  async reserve(key: string): Promise<number> {
    const now = this.clock.now().getTime();
    const rate = sql`${this.perSecond}::double precision`;
    // A process whose clock is behind another's adds nothing and moves `at` no earlier.
    const refilled = sql`least(${rate}, ${sendRateBuckets.tokens} + greatest(0, ${now}::bigint - ${sendRateBuckets.at}) * ${rate} / 1000)`;
    const [row] = await this.db
      .insert(sendRateBuckets)
      .values({ key, tokens: this.perSecond - 1, at: now })
      .onConflictDoUpdate({
        target: sendRateBuckets.key,
        set: { tokens: sql`${refilled} - 1`, at: sql`greatest(${sendRateBuckets.at}, ${now}::bigint)` },
      })
      .returning({ tokens: sendRateBuckets.tokens });
    const tokens = row!.tokens;
    return tokens >= 0 ? 0 : Math.ceil((-tokens / this.perSecond) * 1000);
  }

  async acquire(key: string): Promise<void> {
    const wait = await this.reserve(key);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

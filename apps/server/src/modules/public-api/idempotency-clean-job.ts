import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiIdempotency } from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import { IDEMPOTENCY_TTL_MS } from './idempotency.ts';

/**
 * Answers kept for retries are dropped once they are a day old. A claim drops its own key's old rows, but a
 * key never used again would keep them for good: this sweeps them every hour, once however many processes run.
 */
export const idempotencyCleanJob = defineJob<Record<string, never>, AppContext>({
  name: 'public-api.idempotency-clean',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  schedule: { cron: '23 * * * *' },
  async handle(_data, context) {
    const cutoff = new Date(context.clock.now().getTime() - IDEMPOTENCY_TTL_MS);
    const removed = await context.db
      .delete(apiIdempotency)
      .where(lt(apiIdempotency.created_at, cutoff))
      .returning({ key: apiIdempotency.key_id });
    if (removed.length) context.log.info({ removed: removed.length }, 'expired idempotency answers removed');
  },
});

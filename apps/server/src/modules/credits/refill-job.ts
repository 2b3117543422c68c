import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { runRefills } from './refill.ts';

/**
 * The monthly credit refill, run every hour: a period's credits arrive within the hour it begins.
 * Runs that overlap (two worker processes, a retry, a super-admin's trigger) are safe: each period is
 * granted once, by its ledger reference.
 */
export const refillJob = defineJob<Record<string, never>, AppContext>({
  name: 'credits.refill',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 30 * 60,
  schedule: { cron: '0 * * * *' },
  async handle(_data, context) {
    const grants = await runRefills(context);
    if (grants.length) context.log.info({ accounts: grants.length }, 'monthly credits refilled');
  },
});

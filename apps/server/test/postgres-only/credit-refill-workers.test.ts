import { addCreditMonths } from '@laurel/domain';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, creditLedger } from '../../src/db/schema.ts';
import { refillJob } from '../../src/modules/credits/index.ts';
import { ledgerBalances } from '../../src/modules/credits/ledger.ts';
import { runRefills } from '../../src/modules/credits/refill.ts';
import { registerConfirmedAdmin } from '../helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';

/**
 * The test: two worker processes (each its own queue, workers and connection pool, on one
 * PostgreSQL) race on every month of a simulated year, through queued jobs and direct runs at once;
 * every account ends the year with exactly twelve refills.
 */

const START = new Date('2026-03-31T16:00:00Z'); // 09:00 PDT: the year crosses both daylight saving changes
const clock = new ManualClock(START);
let first: TestLaurel;
let second: TestLaurel;
const FREE_ACCOUNTS = 4;
const PLAN_ACCOUNTS = 4;

beforeAll(async () => {
  first = await startTestLaurel({ clock, env: { WORKERS: '4' } });
  // The same database: a second process, as `npm run worker` would start.
  second = await startTestLaurel({ clock, env: { WORKERS: '4', DATABASE_URL: first.context.env.DATABASE_URL! } });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function pendingRefillJobs(): Promise<{ open: number; failed: number }> {
  const result = await first.context.db.execute(
    sql`select count(*) filter (where state < 'completed')::int as open, count(*) filter (where state = 'failed')::int as failed
        from pgboss.job where name = ${refillJob.name}`,
  );
  return (result as unknown as { rows: { open: number; failed: number }[] }).rows[0]!;
}

async function jobsDone() {
  for (let i = 0; i < 300; i++) {
    if ((await pendingRefillJobs()).open === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('refill jobs did not finish');
}

describe('monthly refill with two worker processes', () => {
  it('gives exactly 12 refills over a simulated year', async () => {
    const free: number[] = [];
    const plans: number[] = [];
    for (let i = 0; i < FREE_ACCOUNTS; i++) free.push((await registerConfirmedAdmin(first)).user.account!.id);
    for (let i = 0; i < PLAN_ACCOUNTS; i++) {
      const id = (await registerConfirmedAdmin(second)).user.account!.id;
      await first.context.db
        .update(accounts)
        .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3', subscription_updated: START })
        .where(eq(accounts.id, id));
      plans.push(id);
    }

    for (let month = 0; month < 12; month++) {
      clock.advance(addCreditMonths(START, month).getTime() + 60_000 - clock.now().getTime());
      // Queued jobs taken by whichever process's workers fetch them, and direct runs in both processes, all at once.
      await Promise.all([
        first.context.queue.enqueue(refillJob, {}),
        second.context.queue.enqueue(refillJob, {}),
        first.context.queue.enqueue(refillJob, {}),
        second.context.queue.enqueue(refillJob, {}),
        runRefills(first.context),
        runRefills(second.context),
        runRefills(first.context),
        runRefills(second.context),
      ]);
      await jobsDone();
    }
    expect((await pendingRefillJobs()).failed).toBe(0);

    const grants = async (accountId: number, kind: string) =>
      first.context.db
        .select({ reference: creditLedger.reference })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.account_id, accountId),
            eq(creditLedger.kind, kind),
            like(creditLedger.reference, 'refill:%'),
            gt(creditLedger.delta, 0),
          ),
        );
    for (const id of free) {
      // Registration's month and the job's eleven.
      const rows = await grants(id, 'free_monthly');
      expect(rows.map((r) => r.reference).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `refill:${id}:${i}`).sort());
      expect(await ledgerBalances(first.context.db, id)).toEqual({ payg: 0, subscription: 50 });
    }
    for (const id of plans) {
      expect(await grants(id, 'plan_monthly')).toHaveLength(12);
      const [row] = await first.context.db.select().from(accounts).where(eq(accounts.id, id));
      expect(await ledgerBalances(first.context.db, id)).toEqual({ payg: row!.credits, subscription: row!.subscription_credits });
      expect(row!.subscription_credits).toBe(250);
    }
  }, 240_000);
});

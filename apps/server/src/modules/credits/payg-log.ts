import { PAYG_PURCHASE_KINDS, type PaygLog } from '@laurel/domain';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, creditLedger } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

const DAY_MS = 86_400_000;
/** Without a range the log shows the last 30 days. */
const DEFAULT_DAYS = 30;
/** Rows listed at most; the totals count every purchase of the range. */
const LIST_LIMIT = 1_000;

export const PAYG_LOG_MESSAGES = { badRange: 'The start date must be on or before the end date.' } as const;

/** The range as [start, end): both days included, in UTC. */
function range(context: AppContext, dateStart?: string, dateEnd?: string) {
  const today = new Date(context.clock.now().toISOString().slice(0, 10));
  const end = new Date((dateEnd ? new Date(dateEnd) : today).getTime() + DAY_MS);
  const start = dateStart ? new Date(dateStart) : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start >= end) throw badRequest(PAYG_LOG_MESSAGES.badRange, { field: 'dateStart' });
  return { start, end };
}

/**
 * The pay-as-you-go purchases of a date range (docs/product/super-admin.md#calls `get-payg-log`), read from the credit ledger:
 * credits bought at checkout or automatically, with what was paid. Deleted accounts' rows left with them.
 */
export async function paygLog(context: AppContext, query: { dateStart?: string; dateEnd?: string }): Promise<PaygLog> {
  const { start, end } = range(context, query.dateStart, query.dateEnd);
  const where = and(
    inArray(creditLedger.kind, [...PAYG_PURCHASE_KINDS]),
    eq(creditLedger.bucket, 'payg'),
    gte(creditLedger.created_at, start),
    lt(creditLedger.created_at, end),
  );
  const [rows, totals, amounts] = await Promise.all([
    context.db
      .select({ entry: creditLedger, account_name: accounts.name })
      .from(creditLedger)
      .innerJoin(accounts, eq(accounts.id, creditLedger.account_id))
      .where(where)
      .orderBy(desc(creditLedger.created_at), desc(creditLedger.id))
      .limit(LIST_LIMIT),
    context.db
      .select({
        purchases: sql<number>`count(*)`.mapWith(Number),
        credits: sql<number>`coalesce(sum(${creditLedger.delta}), 0)`.mapWith(Number),
      })
      .from(creditLedger)
      .where(where),
    context.db
      .select({ currency: creditLedger.currency, amount: sql<number>`sum(${creditLedger.amount_paid})`.mapWith(Number) })
      .from(creditLedger)
      .where(and(where, sql`${creditLedger.amount_paid} is not null`))
      .groupBy(creditLedger.currency)
      .orderBy(creditLedger.currency),
  ]);
  return {
    items: rows.map(({ entry, account_name }) => ({
      id: entry.id,
      account_id: entry.account_id,
      account_name,
      credits: entry.delta,
      amount_paid: entry.amount_paid,
      currency: entry.currency,
      kind: entry.kind as PaygLog['items'][number]['kind'],
      created_at: entry.created_at.toISOString(),
    })),
    total: {
      purchases: totals[0]?.purchases ?? 0,
      credits: totals[0]?.credits ?? 0,
      amounts: amounts.map((a) => ({ currency: a.currency ?? 'usd', amount: a.amount })),
    },
  };
}

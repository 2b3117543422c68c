import { activePlan, creditAnchor, monthlyCreditsOf, nextCreditDate, periodIndex, periodStart, type RefillGrant } from '@laurel/domain';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, creditLedger, users } from '../../db/schema.ts';
import { alreadyApplied, grantCredits, lapseSubscription } from './ledger.ts';

type AccountRow = typeof accounts.$inferSelect;
type RefillFields = Pick<
  AccountRow,
  'id' | 'created_at' | 'subscription_updated' | 'stripe_active' | 'stripe_plan' | 'stripe_subscription_id' | 'deleted_at' | 'is_banned'
>;

/**
 * The ledger reference of an account's period: the unique index on it is what makes a second grant of
 * the same period impossible, whoever runs it. Periods counted from the account's creation are
 * `refill:{account}:{n}` (registration grants `refill:{account}:0`); once a subscription change moves
 * the anchor, the periods counted from it carry that anchor, so the new plan's first month is not
 * mistaken for the first month the account had at registration.
 */
export function refillReference(account: Pick<AccountRow, 'id' | 'subscription_updated'>, period: number): string {
  if (!account.subscription_updated) return `refill:${account.id}:${period}`;
  const anchor = account.subscription_updated.toISOString().replace(/[-:]|\.\d+/g, '');
  return `refill:${account.id}:${anchor}:${period}`;
}

/**
 * The credits an account receives each period, or null when this job gives it none: a deleted or
 * banned account, a discontinued plan, or an account with a live Stripe subscription (each paid
 * invoice of it does what this job does: billing/sync.ts). Having a Stripe customer is not enough: an
 * account that only bought credits, or whose subscription ended, is refilled here like any other.
 */
export function periodCredits(account: RefillFields, stripeConfigured: boolean): number | null {
  if (account.deleted_at || account.is_banned) return null;
  if (stripeConfigured && account.stripe_subscription_id) return null;
  return monthlyCreditsOf(account);
}

/**
 * Gives an account its current period's subscription credits if it has not had them: what is left of
 * the last period's lapses (subscription credits do not accumulate), the period's credits arrive, and
 * sub-users on auto-refill get their allocation back. All of it in the caller's transaction, under the
 * account's row lock, and at most once per period (by its ledger reference).
 */
export async function refillAccount(
  tx: Db,
  accountId: number,
  at: Date,
  options: { stripeConfigured: boolean },
): Promise<RefillGrant | null> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!account) return null;
  const credits = periodCredits(account, options.stripeConfigured);
  if (credits === null) return null;
  const anchor = creditAnchor(account);
  const period = periodIndex(anchor, at);
  const reference = refillReference(account, period);
  if (await alreadyApplied(tx, reference)) return null;
  const lapsed = await lapseSubscription(tx, { accountId, reference: `${reference}:lapse`, at });
  await grantCredits(tx, {
    accountId,
    bucket: 'subscription',
    amount: credits,
    kind: activePlan(account) ? 'plan_monthly' : 'free_monthly',
    reference,
    at,
  });
  const refilled = await refillAllocations(tx, accountId);
  return {
    account_id: accountId,
    period,
    period_start: periodStart(anchor, at).toISOString(),
    next_credit_date: nextCreditDate(anchor, at).toISOString(),
    credits,
    lapsed,
    users_refilled: refilled,
  };
}

/**
 * Sub-users on auto-refill get their allocation back to their monthly refill (docs/product/billing-and-credits.md#what-is-kept). It is their
 * share of the account's credits, not credits of its own, so the ledger does not record it. A paid
 * invoice that grants a new period calls this in its transaction too.
 */
export async function refillAllocations(tx: Db, accountId: number): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ allocated_credits: sql`${users.refill_credits}` })
    .where(and(eq(users.account_id, accountId), eq(users.auto_refill_credits, true), sql`${users.roles}[1] = 'account_user'`))
    .returning({ id: users.id });
  return rows.length;
}

const PAGE = 500;

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/**
 * The refill run (hourly, and on a super-admin's demand): every account whose current period has no
 * grant yet gets it, one transaction per account. After downtime an account gets its current period
 * only: earlier periods' credits would have lapsed by now. Any number of runs may go at once.
 */
export async function runRefills(context: AppContext): Promise<RefillGrant[]> {
  const at = context.clock.now();
  const stripeConfigured = !!context.env.STRIPE_SECRET_KEY;
  const grants: RefillGrant[] = [];
  const failures: unknown[] = [];
  let after = 0;
  for (;;) {
    const page = await context.db
      .select({
        id: accounts.id,
        created_at: accounts.created_at,
        subscription_updated: accounts.subscription_updated,
        stripe_active: accounts.stripe_active,
        stripe_plan: accounts.stripe_plan,
        stripe_subscription_id: accounts.stripe_subscription_id,
        deleted_at: accounts.deleted_at,
        is_banned: accounts.is_banned,
      })
      .from(accounts)
      .where(and(gt(accounts.id, after), isNull(accounts.deleted_at), eq(accounts.is_banned, false)))
      .orderBy(asc(accounts.id))
      .limit(PAGE);
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    // One read tells which accounts of the page already have their period; only the others take a lock.
    const due = new Map<string, number>();
    for (const account of page) {
      if (periodCredits(account, stripeConfigured) === null) continue;
      due.set(refillReference(account, periodIndex(creditAnchor(account), at)), account.id);
    }
    if (!due.size) continue;
    const granted = await context.db
      .select({ reference: creditLedger.reference })
      .from(creditLedger)
      .where(inArray(creditLedger.reference, [...due.keys()]));
    for (const { reference } of granted) if (reference) due.delete(reference);
    for (const accountId of due.values()) {
      try {
        const grant = await context.db.transaction((tx) => refillAccount(tx as Db, accountId, at, { stripeConfigured }));
        if (grant) grants.push(grant);
      } catch (error) {
        // Another run granted the period between our read and our insert: that is the guard at work.
        if (!isUniqueViolation(error)) failures.push(error);
      }
    }
  }
  if (failures.length) {
    context.log.error({ err: failures[0], failed: failures.length }, 'monthly credit refill failed for some accounts');
    // The job is retried; accounts refilled meanwhile are found done.
    throw new AggregateError(failures, `monthly credit refill failed for ${failures.length} account(s)`);
  }
  return grants;
}

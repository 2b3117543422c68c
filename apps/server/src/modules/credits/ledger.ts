import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditLedger } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type CreditBucket = 'payg' | 'subscription';

const BALANCE_COLUMN = { payg: 'credits', subscription: 'subscription_credits' } as const;

export class InsufficientCreditsError extends AppError {
  constructor(readonly missing: number) {
    super(402, `You must purchase ${missing} more credits to continue.`, { error_type: 'credits', redirect: '/account/subscription' });
  }
}

/** Locks the account row: every change of a balance is serialised per account. */
async function lockBalances(tx: Db, accountId: number) {
  const result = await tx.execute(sql`select credits, subscription_credits from accounts where id = ${accountId} for update`);
  const row = (result as unknown as { rows: { credits: number; subscription_credits: number }[] }).rows[0];
  if (!row) throw new AppError(404, 'Account not found.');
  return row;
}

export async function alreadyApplied(tx: Db, reference: string | undefined): Promise<boolean> {
  if (!reference) return false;
  const [row] = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.reference, reference));
  return !!row;
}

async function append(
  tx: Db,
  entry: {
    accountId: number;
    bucket: CreditBucket;
    delta: number;
    kind: string;
    reference?: string;
    actorId?: number | null;
    note?: string;
    paid?: { amount: number; currency: string } | null;
    at: Date;
  },
) {
  await tx.insert(creditLedger).values({
    account_id: entry.accountId,
    bucket: entry.bucket,
    delta: entry.delta,
    kind: entry.kind,
    reference: entry.reference ?? null,
    actor_id: entry.actorId ?? null,
    note: entry.note ?? null,
    amount_paid: entry.paid?.amount ?? null,
    currency: entry.paid?.currency ?? null,
    created_at: entry.at,
  });
  const column = BALANCE_COLUMN[entry.bucket];
  await tx.execute(
    sql`update accounts set ${sql.identifier(column)} = ${sql.identifier(column)} + ${entry.delta} where id = ${entry.accountId}`,
  );
}

/**
 * Adds credits to a bucket; with a reference, a second call for the same reference does nothing
 * (a payment webhook delivered twice, a monthly grant run twice). Must run inside a transaction.
 */
export async function grantCredits(
  tx: Db,
  grant: {
    accountId: number;
    bucket: CreditBucket;
    amount: number;
    kind: string;
    reference?: string;
    actorId?: number | null;
    note?: string;
    /** What a purchase was paid (the smallest currency unit), for the pay-as-you-go log. */
    paid?: { amount: number; currency: string } | null;
    at: Date;
  },
): Promise<boolean> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new AppError(400, 'Credits must be a positive whole number.');
  await lockBalances(tx, grant.accountId);
  if (await alreadyApplied(tx, grant.reference)) return false;
  await append(tx, { ...grant, delta: grant.amount });
  return true;
}

/**
 * Spends credits, subscription credits first (they lapse), then pay-as-you-go ones. Refused whole
 * when the account holds fewer than asked: a send can never spend credits it does not have, however
 * many run at once, because the balance is read under the account's row lock. Idempotent by reference.
 */
export async function debitCredits(
  tx: Db,
  debit: { accountId: number; amount: number; kind: string; reference?: string; actorId?: number | null; at: Date },
): Promise<boolean> {
  if (!Number.isInteger(debit.amount) || debit.amount <= 0) throw new AppError(400, 'Credits must be a positive whole number.');
  const balances = await lockBalances(tx, debit.accountId);
  if (await alreadyApplied(tx, debit.reference)) return false;
  const available = balances.credits + balances.subscription_credits;
  if (available < debit.amount) throw new InsufficientCreditsError(debit.amount - available);
  const fromSubscription = Math.min(balances.subscription_credits, debit.amount);
  const fromPayg = debit.amount - fromSubscription;
  // One reference names the whole debit; when it spans both buckets the second row carries a suffix.
  if (fromSubscription > 0) await append(tx, { ...debit, bucket: 'subscription', delta: -fromSubscription });
  if (fromPayg > 0) {
    const reference = debit.reference && fromSubscription > 0 ? `${debit.reference}#payg` : debit.reference;
    await append(tx, { ...debit, reference, bucket: 'payg', delta: -fromPayg });
  }
  return true;
}

/**
 * Ends what is left of the subscription bucket when a new period's credits arrive (they do not carry
 * over): its own row kind, so the ledger explains why the balance fell. Must run under the account's
 * row lock, in the transaction of the grant that replaces them.
 */
export async function lapseSubscription(tx: Db, entry: { accountId: number; reference: string; at: Date }): Promise<number> {
  const balances = await lockBalances(tx, entry.accountId);
  if (balances.subscription_credits <= 0 || (await alreadyApplied(tx, entry.reference))) return 0;
  await append(tx, {
    accountId: entry.accountId,
    bucket: 'subscription',
    delta: -balances.subscription_credits,
    kind: 'subscription_lapse',
    reference: entry.reference,
    at: entry.at,
  });
  return balances.subscription_credits;
}

/**
 * Takes back up to `amount` credits from one bucket, never more than it holds (a bucket never goes
 * below zero): answers how many it took. Idempotent by reference; must run inside a transaction.
 */
export async function takeBackCredits(
  tx: Db,
  entry: { accountId: number; bucket: CreditBucket; amount: number; kind: string; reference: string; at: Date },
): Promise<number> {
  const balances = await lockBalances(tx, entry.accountId);
  if (await alreadyApplied(tx, entry.reference)) return 0;
  const held = entry.bucket === 'payg' ? balances.credits : balances.subscription_credits;
  const taken = Math.min(entry.amount, Math.max(0, held));
  if (taken > 0) await append(tx, { ...entry, delta: -taken });
  return taken;
}

/** An exact change to one bucket (a super-admin's correction); a bucket never goes below zero. */
export async function adjustBucket(
  tx: Db,
  entry: { accountId: number; bucket: CreditBucket; delta: number; kind: string; actorId?: number | null; note?: string; at: Date },
): Promise<void> {
  if (!Number.isInteger(entry.delta) || entry.delta === 0) return;
  const balances = await lockBalances(tx, entry.accountId);
  const current = entry.bucket === 'payg' ? balances.credits : balances.subscription_credits;
  if (current + entry.delta < 0) throw new AppError(400, 'Credits cannot go below zero.');
  await append(tx, entry);
}

/** The balances recomputed from the ledger, for checks and audits. */
export async function ledgerBalances(tx: Db, accountId: number): Promise<Record<CreditBucket, number>> {
  const rows = await tx
    .select({ bucket: creditLedger.bucket, total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.account_id, accountId))
    .groupBy(creditLedger.bucket);
  const total = (bucket: CreditBucket) => rows.find((r) => r.bucket === bucket)?.total ?? 0;
  return { payg: total('payg'), subscription: total('subscription') };
}

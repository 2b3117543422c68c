import { creditAnchor, periodStart } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, billingReversals, creditLedger } from '../../db/schema.ts';
import { type CreditBucket, grantCredits, takeBackCredits } from '../credits/index.ts';
import type { Apply } from './apply.ts';
import { readCheckout, readPaidIntent, readPaidInvoice } from './sync.ts';

/**
 * Money that goes back to the cardholder, a refund or a dispute, takes back the credits it paid for, in
 * proportion to the share of the payment returned. What the bucket still holds is taken (a ledger entry);
 * what was already spent is recorded as owed on the account. A dispute the merchant wins gives both back.
 * Every refund and dispute is read again from Stripe, and each is applied once under its own reference
 * (`stripe-refund:{refund}`, `stripe-dispute:{dispute}`, `stripe-dispute:{dispute}:won`), so events that
 * come twice, late or in any order leave the same ledger. Inquiries (`warning_*` disputes) withdraw no
 * money and change nothing. Certificate sets bought stay with the account.
 */

/** Dispute statuses under which the money was withdrawn from the merchant (and, for `won`, given back since). */
const WITHDRAWN: readonly string[] = ['needs_response', 'under_review', 'won', 'lost', 'appeal_needs_response', 'appeal_under_review'];

interface MoneyBack {
  reference: string;
  reason: 'refund' | 'dispute';
  amount: number;
  created: number;
  won: boolean;
}

const idOf = (ref: string | { id?: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * What a payment bought, named as the ledger names its grant, with the reading that applies the grant
 * first: a refund read before the purchase's own event still finds the credits it takes back.
 */
async function readPurchase(context: AppContext, stripe: Stripe, intentId: string): Promise<{ source: string; apply: Apply } | undefined> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.metadata?.purchase_type === 'automatic')
    return { source: `payment:${intent.id}`, apply: await readPaidIntent(context, stripe, intent.id) };
  const session = (await stripe.checkout.sessions.list({ payment_intent: intent.id, limit: 1 })).data[0];
  if (session) return { source: `checkout:${session.id}`, apply: await readCheckout(context, stripe, session.id) };
  const payment = (await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent.id }, limit: 1 })).data[0];
  const invoice = idOf(payment?.invoice);
  if (invoice) return { source: `invoice:${invoice}`, apply: await readPaidInvoice(context, stripe, invoice) };
  return undefined;
}

/** A charge's refunds and disputes as Stripe has them now: what they take back. */
export async function readChargeReturns(context: AppContext, stripe: Stripe, chargeId: string): Promise<Apply> {
  const charge = await stripe.charges.retrieve(chargeId);
  const intent = idOf(charge.payment_intent);
  const purchase = intent ? await readPurchase(context, stripe, intent) : undefined;
  if (!purchase) return async () => undefined;
  const refunds = (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data.filter(
    (r) => r.status === 'succeeded' || r.status === 'pending',
  );
  const disputes = charge.disputed
    ? (await stripe.disputes.list({ charge: charge.id, limit: 100 })).data.filter((d) => WITHDRAWN.includes(d.status))
    : [];
  const returns: MoneyBack[] = [
    ...refunds.map((r) => ({
      reference: `stripe-refund:${r.id}`,
      reason: 'refund' as const,
      amount: r.amount,
      created: r.created,
      won: false,
    })),
    ...disputes.map((d) => ({
      reference: `stripe-dispute:${d.id}`,
      reason: 'dispute' as const,
      amount: d.amount,
      created: d.created,
      won: d.status === 'won',
    })),
  ].sort((a, b) => a.created - b.created || a.reference.localeCompare(b.reference));
  return async (tx) => {
    const accountId = await purchase.apply(tx);
    if (accountId === undefined) return undefined;
    await applyReturns(context, tx, accountId, {
      charge: charge.id,
      amount: charge.amount,
      currency: charge.currency,
      source: purchase.source,
      returns,
    });
    return accountId;
  };
}

/** A dispute opened or closed: its charge's returns, read again. */
export async function readDispute(context: AppContext, stripe: Stripe, disputeId: string): Promise<Apply> {
  const dispute = await stripe.disputes.retrieve(disputeId);
  const charge = idOf(dispute.charge);
  return charge ? readChargeReturns(context, stripe, charge) : async () => undefined;
}

type ReversalRow = typeof billingReversals.$inferSelect;

/**
 * Applies each refund and dispute of a charge not applied yet, oldest first. Each one's credits are the
 * share of the grant the money returned so far covers, less what the earlier ones covered, so partial
 * refunds add up to the whole grant exactly when the whole payment went back.
 */
async function applyReturns(
  context: AppContext,
  tx: Db,
  accountId: number,
  charge: { charge: string; amount: number; currency: string; source: string; returns: MoneyBack[] },
): Promise<void> {
  await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
  const [grant] = await tx
    .select({ bucket: creditLedger.bucket, delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.account_id, accountId), eq(creditLedger.reference, charge.source)));
  if (!grant || grant.delta <= 0 || charge.amount <= 0) return;
  const bucket = grant.bucket as CreditBucket;
  const done = new Map(
    (
      await tx
        .select()
        .from(billingReversals)
        .where(and(eq(billingReversals.account_id, accountId), eq(billingReversals.charge_id, charge.charge)))
    ).map((r) => [r.reference, r]),
  );
  const at = context.clock.now();
  const share = (money: number) => Math.floor((grant.delta * Math.min(money, charge.amount)) / charge.amount);
  let returned = 0;
  for (const item of charge.returns) {
    const credits = share(returned + item.amount) - share(returned);
    returned += item.amount;
    let row = done.get(item.reference);
    if (!row && credits > 0) {
      const taken = await takeBackCredits(tx, {
        accountId,
        bucket,
        amount: credits,
        kind: item.reason === 'refund' ? 'payment_refunded' : 'payment_disputed',
        reference: item.reference,
        at,
      });
      row = await record(tx, { accountId, charge, item, reason: item.reason, taken, owed: credits - taken, at });
    }
    // A dispute won gives back exactly what it took; read late, it is taken and given back in one go.
    if (item.won && row && !done.has(`${item.reference}:won`)) await giveBack(tx, { accountId, bucket, row, at });
  }
}

async function record(
  tx: Db,
  entry: {
    accountId: number;
    charge: { charge: string; currency: string; source: string };
    item: { reference: string; amount: number };
    reason: ReversalRow['reason'];
    taken: number;
    owed: number;
    at: Date;
  },
): Promise<ReversalRow> {
  const [row] = await tx
    .insert(billingReversals)
    .values({
      reference: entry.item.reference,
      account_id: entry.accountId,
      charge_id: entry.charge.charge,
      source: entry.charge.source,
      reason: entry.reason,
      amount: entry.item.amount,
      currency: entry.charge.currency,
      credits_taken: entry.taken,
      credits_owed: entry.owed,
      created_at: entry.at,
    })
    .returning();
  if (entry.owed !== 0)
    await tx
      .update(accounts)
      .set({ credits_owed: sql`greatest(0, ${accounts.credits_owed} + ${entry.owed})` })
      .where(eq(accounts.id, entry.accountId));
  return row!;
}

/**
 * Subscription credits taken in a period that has ended since would have lapsed with it: a dispute won
 * after that gives none back (it still clears what was owed), so no period holds more than it paid for.
 * The period under way starts at the Stripe subscription's period start (kept in `subscription_updated`
 * by every sync), or at the monthly refill's period start for an account without one.
 */
async function lapsedSince(tx: Db, accountId: number, takenAt: Date, now: Date): Promise<boolean> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) return false;
  const start =
    account.stripe_subscription_id && account.subscription_updated ? account.subscription_updated : periodStart(creditAnchor(account), now);
  return takenAt < start;
}

async function giveBack(tx: Db, entry: { accountId: number; bucket: CreditBucket; row: ReversalRow; at: Date }): Promise<void> {
  const reference = `${entry.row.reference}:won`;
  const lapsed = entry.bucket === 'subscription' && (await lapsedSince(tx, entry.accountId, entry.row.created_at, entry.at));
  const given = lapsed ? 0 : entry.row.credits_taken;
  if (given > 0)
    await grantCredits(tx, {
      accountId: entry.accountId,
      bucket: entry.bucket,
      amount: given,
      kind: 'payment_dispute_won',
      reference,
      at: entry.at,
    });
  await record(tx, {
    accountId: entry.accountId,
    charge: { charge: entry.row.charge_id, currency: entry.row.currency, source: entry.row.source },
    item: { reference, amount: entry.row.amount },
    reason: 'dispute_won',
    taken: -given,
    owed: -entry.row.credits_owed,
    at: entry.at,
  });
}

import { type AutomaticPurchase, type AutomaticPurchaseUpdate, CREDIT_PACKS } from '@laurel/domain';
import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, automaticPurchaseCrossings, automaticPurchases } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import type { Apply } from './apply.ts';
import { automaticPurchaseJob } from './automatic-job.ts';
import { stripeConfigured } from './stripe-client.ts';

/**
 * Automatic purchases (docs/product/billing-and-credits.md#screens, docs/product/billing-and-credits.md#rules-and-limits packs): when the balance falls under the account's threshold, one
 * pack is charged off-session to the card on file. The setting's `armed` flag makes that once per
 * crossing: a purchase clears it, and it is set again only once the balance is back at the threshold.
 * The charge runs as a job (automatic-job.ts); the credits come with the payment's webhook (sync.ts).
 */

export async function readAutomaticPurchase(context: AppContext, accountId: number): Promise<AutomaticPurchase> {
  const [setting] = await context.db.select().from(automaticPurchases).where(eq(automaticPurchases.account_id, accountId));
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  const recent = await context.db
    .select()
    .from(automaticPurchaseCrossings)
    .where(eq(automaticPurchaseCrossings.account_id, accountId))
    .orderBy(desc(automaticPurchaseCrossings.id))
    .limit(10);
  return {
    payments: stripeConfigured(context),
    enabled: !!setting,
    credits: setting?.credits ?? null,
    threshold: setting?.threshold ?? null,
    available_credits: (account?.credits ?? 0) + (account?.subscription_credits ?? 0),
    recent: recent.map((r) => ({
      created_at: r.created_at.toISOString(),
      credits: r.credits,
      amount_cents: r.amount_cents,
      status: r.status,
      error: r.error,
    })),
  };
}

export async function saveAutomaticPurchase(
  context: AppContext,
  accountId: number,
  input: AutomaticPurchaseUpdate,
  actor: { userId: number; ip: string },
): Promise<AutomaticPurchase> {
  await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!input.enabled) await tx.delete(automaticPurchases).where(eq(automaticPurchases.account_id, accountId));
    else {
      if (!stripeConfigured(context)) throw badRequest('Card payments are not set up on this installation.', { error_type: 'no_payments' });
      const values = { credits: input.credits, threshold: input.threshold, armed: true, updated_at: context.clock.now() };
      await tx
        .insert(automaticPurchases)
        .values({ account_id: accountId, ...values })
        .onConflictDoUpdate({ target: automaticPurchases.account_id, set: values });
    }
    await audit(context, { action: 'billing.automatic_purchase', accountId, userId: actor.userId, ip: actor.ip, details: input }, tx);
    // A balance already under the new threshold buys at once.
    await rearmOrClaim(context, tx, accountId);
  });
  return readAutomaticPurchase(context, accountId);
}

/**
 * Run in the transaction that spent or granted credits (a send's debit, a payment's webhook): on a
 * fresh crossing under the threshold it claims the crossing and enqueues its charge in that same
 * transaction; back at or over the threshold it re-arms. The setting's row lock makes it at most one
 * purchase however many sends finish at once, and the job's key (the crossing) makes it one charge.
 * Only the database is touched here: the charge itself runs in the job, off the request.
 */
export async function rearmOrClaim(context: AppContext, tx: Db, accountId: number): Promise<void> {
  if (!stripeConfigured(context)) return;
  const [setting] = await tx.select().from(automaticPurchases).where(eq(automaticPurchases.account_id, accountId)).for('update');
  if (!setting) return;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) return;
  const balance = account.credits + account.subscription_credits;
  if (balance >= setting.threshold) {
    if (!setting.armed) await tx.update(automaticPurchases).set({ armed: true }).where(eq(automaticPurchases.account_id, accountId));
    return;
  }
  if (!setting.armed) return;
  const pack = CREDIT_PACKS.find((p) => p.credits === setting.credits);
  if (!pack || !account.stripe_id) return;
  await tx.update(automaticPurchases).set({ armed: false }).where(eq(automaticPurchases.account_id, accountId));
  const [crossing] = await tx
    .insert(automaticPurchaseCrossings)
    .values({ account_id: accountId, credits: pack.credits, amount_cents: pack.price_usd * 100, balance, created_at: context.clock.now() })
    .returning();
  await context.queue.enqueue(automaticPurchaseJob, { crossingId: crossing!.id }, { tx, key: `automatic-purchase:${crossing!.id}` });
}

/** A charge Stripe refused after accepting it (an off-session payment needing the customer). */
export async function readFailedCharge(stripe: Stripe, intentId: string): Promise<Apply> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  return async (tx) => {
    if (intent.metadata?.purchase_type !== 'automatic' || intent.status === 'succeeded') return undefined;
    const accountId = Number(intent.metadata.account_id);
    const error = intent.last_payment_error?.message ?? 'Your card was declined.';
    await tx
      .update(automaticPurchaseCrossings)
      .set({ status: 'failed', error })
      .where(eq(automaticPurchaseCrossings.payment_intent, intent.id));
    await tx.update(accounts).set({ billing_error: error }).where(eq(accounts.id, accountId));
    return accountId;
  };
}

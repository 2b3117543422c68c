import { type AutomaticPurchase, type AutomaticPurchaseUpdate, CREDIT_PACKS } from '@laurel/domain';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, automaticPurchaseCrossings, automaticPurchases } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { stripeConfigured, stripeFor } from './stripe-client.ts';

/**
 * Automatic purchases (spec 1 §2, §9 packs): when the balance falls under the account's threshold, one
 * pack is charged off-session to the card on file. The setting's `armed` flag makes that once per
 * crossing: a purchase clears it, and it is set again only once the balance is back at the threshold.
 * The credits come with the payment's webhook (sync.ts), like every other purchase.
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
  });
  await checkAutomaticPurchase(context, accountId);
  return readAutomaticPurchase(context, accountId);
}

/** Claims a crossing under the setting's row lock: at most one purchase however many sends finish at once. */
async function claimCrossing(context: AppContext, accountId: number) {
  return context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [setting] = await tx.select().from(automaticPurchases).where(eq(automaticPurchases.account_id, accountId)).for('update');
    if (!setting) return null;
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) return null;
    const balance = account.credits + account.subscription_credits;
    if (balance >= setting.threshold) {
      if (!setting.armed) await tx.update(automaticPurchases).set({ armed: true }).where(eq(automaticPurchases.account_id, accountId));
      return null;
    }
    if (!setting.armed) return null;
    const pack = CREDIT_PACKS.find((p) => p.credits === setting.credits);
    if (!pack || !account.stripe_id) return null;
    await tx.update(automaticPurchases).set({ armed: false }).where(eq(automaticPurchases.account_id, accountId));
    const [crossing] = await tx
      .insert(automaticPurchaseCrossings)
      .values({
        account_id: accountId,
        credits: pack.credits,
        amount_cents: pack.price_usd * 100,
        balance,
        created_at: context.clock.now(),
      })
      .returning();
    return { crossing: crossing!, customer: account.stripe_id };
  });
}

/** Run after credits were spent or granted: buys a pack on a fresh crossing, re-arms above the threshold. */
export async function checkAutomaticPurchase(context: AppContext, accountId: number): Promise<void> {
  const stripe = stripeFor(context);
  if (!stripe) return;
  const claimed = await claimCrossing(context, accountId);
  if (!claimed) return;
  const { crossing, customer } = claimed;
  const record = (values: Partial<typeof automaticPurchaseCrossings.$inferInsert>) =>
    context.db.update(automaticPurchaseCrossings).set(values).where(eq(automaticPurchaseCrossings.id, crossing.id));
  try {
    const read = await stripe.customers.retrieve(customer);
    const method = read.deleted ? null : read.invoice_settings?.default_payment_method;
    if (!method) {
      await record({ status: 'failed', error: "You don't have active billing method" });
      return;
    }
    const intent = await stripe.paymentIntents.create(
      {
        amount: crossing.amount_cents,
        currency: 'usd',
        customer,
        payment_method: typeof method === 'string' ? method : method.id,
        off_session: true,
        confirm: true,
        description: `${crossing.credits} credits (automatic purchase)`,
        metadata: {
          purchase_type: 'automatic',
          account_id: String(accountId),
          credits: String(crossing.credits),
          crossing: String(crossing.id),
        },
      },
      // A retried call for the same crossing charges once.
      { idempotencyKey: `automatic-purchase-${crossing.id}` },
    );
    await record({ payment_intent: intent.id, status: 'charged' });
  } catch (error) {
    const message = error instanceof Stripe.errors.StripeError ? error.message : 'The charge could not be made.';
    const intent = error instanceof Stripe.errors.StripeCardError ? (error.payment_intent?.id ?? null) : null;
    await record({ status: 'failed', error: message, payment_intent: intent });
    await context.db.update(accounts).set({ billing_error: message }).where(eq(accounts.id, accountId));
    if (!(error instanceof Stripe.errors.StripeError)) context.log.error({ err: error, accountId }, 'automatic purchase failed');
  }
}

/** After a webhook granted credits: the balance may be back over the threshold (re-arm). */
export async function afterGrant(context: AppContext, accountId: number): Promise<void> {
  await checkAutomaticPurchase(context, accountId).catch((err) => context.log.error({ err, accountId }, 'automatic purchase check failed'));
}

/** A charge Stripe refused after accepting it (an off-session payment needing the customer). */
export async function recordFailedCharge(_context: AppContext, stripe: Stripe, tx: Db, intentId: string): Promise<number | undefined> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.metadata?.purchase_type !== 'automatic' || intent.status === 'succeeded') return undefined;
  const accountId = Number(intent.metadata.account_id);
  const error = intent.last_payment_error?.message ?? 'Your card was declined.';
  await tx
    .update(automaticPurchaseCrossings)
    .set({ status: 'failed', error })
    .where(eq(automaticPurchaseCrossings.payment_intent, intent.id));
  await tx.update(accounts).set({ billing_error: error }).where(eq(accounts.id, accountId));
  return accountId;
}

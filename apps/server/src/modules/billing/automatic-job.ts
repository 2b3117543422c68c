import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { accounts, automaticPurchaseCrossings } from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import { stripeFor } from './stripe-client.ts';

/**
 * Charges one automatic purchase (a threshold crossing claimed in the transaction that spent the
 * credits, automatic.ts) off the request path: the send answers at once, and the charge runs here. A
 * crossing is charged once: the job's key names it, only a pending crossing is charged, and Stripe
 * takes the crossing's idempotency key, so a retry after a lost answer charges nothing twice. The
 * credits come with the payment's webhook (sync.ts), like every other purchase.
 */
export const automaticPurchaseJob = defineJob<{ crossingId: number }, AppContext>({
  name: 'billing.automatic-purchase',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  async handle({ crossingId }, context) {
    const stripe = stripeFor(context);
    const [crossing] = await context.db.select().from(automaticPurchaseCrossings).where(eq(automaticPurchaseCrossings.id, crossingId));
    if (!stripe || !crossing || crossing.status !== 'pending') return;
    const [account] = await context.db.select().from(accounts).where(eq(accounts.id, crossing.account_id));
    const record = (values: Partial<typeof automaticPurchaseCrossings.$inferInsert>) =>
      context.db.update(automaticPurchaseCrossings).set(values).where(eq(automaticPurchaseCrossings.id, crossing.id));
    if (!account?.stripe_id) {
      await record({ status: 'failed', error: "You don't have active billing method" });
      return;
    }
    try {
      const read = await stripe.customers.retrieve(account.stripe_id);
      const method = read.deleted ? null : read.invoice_settings?.default_payment_method;
      if (!method) {
        await record({ status: 'failed', error: "You don't have active billing method" });
        return;
      }
      const intent = await stripe.paymentIntents.create(
        {
          amount: crossing.amount_cents,
          currency: 'usd',
          customer: account.stripe_id,
          payment_method: typeof method === 'string' ? method : method.id,
          off_session: true,
          confirm: true,
          description: `${crossing.credits} credits (automatic purchase)`,
          metadata: {
            purchase_type: 'automatic',
            account_id: String(account.id),
            credits: String(crossing.credits),
            crossing: String(crossing.id),
          },
        },
        { idempotencyKey: `automatic-purchase-${crossing.id}` },
      );
      await record({ payment_intent: intent.id, status: 'charged' });
    } catch (error) {
      // Anything but Stripe's own refusal (the network, Stripe down) is retried by the queue.
      if (!(error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const intent = error instanceof Stripe.errors.StripeCardError ? (error.payment_intent?.id ?? null) : null;
      await record({ status: 'failed', error: error.message, payment_intent: intent });
      await context.db.update(accounts).set({ billing_error: error.message }).where(eq(accounts.id, account.id));
    }
  },
});

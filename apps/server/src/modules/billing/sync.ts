import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, billingFulfilments } from '../../db/schema.ts';
import { grantCredits } from '../credits/index.ts';
import { countCheckoutUse, countHeldUse, releaseHold } from '../promo-codes/index.ts';
import type { Apply } from './apply.ts';
import { planForPrice } from './prices.ts';
import { applyInvoices, readPaidSubscriptionInvoices } from './subscription-credits.ts';

/**
 * Bringing the account in step with Stripe. Every function here reads the object again from Stripe and
 * derives the account's state from what Stripe holds now, never from an event's copy: events that come
 * twice, late or out of order then all lead to the same end state. Credits are granted once per paid
 * invoice or payment through the ledger's idempotency reference (subscription invoices:
 * subscription-credits.ts).
 *
 * Each `read…` function talks to Stripe only and answers an `Apply`: the database work, run afterwards
 * in one short transaction. No Stripe round trip ever happens while a transaction holds the database
 * (the embedded one has a single backend: a transaction open over the network stalls every request).
 */

/** Subscription states that still hold a plan, and those waiting on a payment. */
const HOLDS_PLAN: readonly string[] = ['active', 'trialing', 'past_due'];
const PENDING: readonly string[] = ['incomplete', 'past_due', 'unpaid'];
const CURRENT: readonly string[] = [...new Set([...HOLDS_PLAN, ...PENDING])];

export type AccountRow = typeof accounts.$inferSelect;

export async function accountForCustomer(db: Db, customer: string | { id: string } | null | undefined) {
  const id = typeof customer === 'string' ? customer : customer?.id;
  if (!id) return undefined;
  const [account] = await db.select().from(accounts).where(eq(accounts.stripe_id, id));
  return account;
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** The customer's subscription that counts: the newest one that is not over. */
export async function currentSubscription(stripe: Stripe, customer: string): Promise<Stripe.Subscription | undefined> {
  const list = await stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
  return list.data.filter((s) => CURRENT.includes(s.status)).sort((a, b) => b.created - a.created)[0];
}

/** Reads the customer's subscriptions as Stripe has them now; the Apply sets plan, active and pending. */
export async function readCustomer(stripe: Stripe, customer: string): Promise<Apply> {
  const subscription = await currentSubscription(stripe, customer);
  const item = subscription?.items.data[0];
  const plan = subscription ? await planForPrice(stripe, item?.price) : undefined;
  return async (tx) => {
    const account = await accountForCustomer(tx, customer);
    if (!account) return undefined;
    if (!subscription) {
      await tx
        .update(accounts)
        .set({ stripe_active: false, subscription_in_pending: false, stripe_plan: null, stripe_subscription_id: null })
        .where(eq(accounts.id, account.id));
      return account.id;
    }
    await tx
      .update(accounts)
      .set({
        stripe_active: HOLDS_PLAN.includes(subscription.status) && !!plan,
        subscription_in_pending: PENDING.includes(subscription.status),
        stripe_plan: plan?.id ?? null,
        stripe_subscription_id: subscription.id,
        subscription_updated: toDate(item?.current_period_start) ?? account.subscription_updated,
      })
      .where(eq(accounts.id, account.id));
    return account.id;
  };
}

/** Reads the customer's state from Stripe, then applies it (with `also`, in the same transaction). */
export async function syncCustomer(
  context: AppContext,
  stripe: Stripe,
  customer: string,
  also?: (tx: Db) => Promise<void>,
): Promise<number | undefined> {
  const apply = await readCustomer(stripe, customer);
  return context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const touched = await apply(tx);
    if (also) await also(tx);
    return touched;
  });
}

/**
 * A paid invoice: brings the customer's subscription credits up to date with every paid invoice, once
 * each, and the plan's state with the subscription as Stripe has it now (a paid invoice is what ends a
 * pending state, so it must not wait for a subscription event that may come later or not at all).
 */
export async function readPaidInvoice(context: AppContext, stripe: Stripe, invoiceId: string): Promise<Apply> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const customer = idOf(invoice.customer);
  if (!customer || invoice.status !== 'paid') return async () => undefined;
  const list = (await stripe.invoices.list({ customer, limit: 100 })).data;
  const invoices = await readPaidSubscriptionInvoices(stripe, list);
  // The latest invoice paid settles an earlier failure; an older one arriving late says nothing about now.
  const latest = list[0]?.id === invoice.id;
  const sync = await readCustomer(stripe, customer);
  return async (tx) => {
    const account = await accountForCustomer(tx, customer);
    if (!account) return undefined;
    await sync(tx);
    await applyInvoices(context, tx, account.id, invoices);
    if (latest) await tx.update(accounts).set({ billing_error: null }).where(eq(accounts.id, account.id));
    return account.id;
  };
}

async function isLatestInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<boolean> {
  const latest = await stripe.invoices.list({ customer: invoice.customer as string, limit: 1 });
  return latest.data[0]?.id === invoice.id;
}

/** Why an invoice's payment failed, from its latest payment attempt. */
export async function invoiceFailureReason(stripe: Stripe, invoice: Stripe.Invoice): Promise<string> {
  const payments = await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
  const intent = payments.data.map((p) => p.payment.payment_intent).find((pi) => pi);
  if (intent) {
    const read = typeof intent === 'string' ? await stripe.paymentIntents.retrieve(intent) : intent;
    if (read.last_payment_error?.message) return read.last_payment_error.message;
  }
  return 'Your card was declined.';
}

/** An unpaid invoice leaves its reason for the billing screen (shown once) and refreshes the subscription state. */
export async function readFailedInvoice(stripe: Stripe, invoiceId: string): Promise<Apply> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const customer = idOf(invoice.customer);
  if (!customer) return async () => undefined;
  const unpaid = invoice.status === 'open' || invoice.status === 'uncollectible';
  const reason = unpaid && (await isLatestInvoice(stripe, invoice)) ? await invoiceFailureReason(stripe, invoice) : null;
  const sync = await readCustomer(stripe, customer);
  return async (tx) => {
    const account = await accountForCustomer(tx, customer);
    if (!account) return undefined;
    if (reason) await tx.update(accounts).set({ billing_error: reason }).where(eq(accounts.id, account.id));
    await sync(tx);
    return account.id;
  };
}

/**
 * A session that needs nothing more from the customer: paid, or free (`no_payment_required`: a 100%
 * promo code brought the total to 0, and Stripe took no payment). Either is fulfilled.
 */
const settled = (session: Stripe.Checkout.Session) =>
  session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

/** A completed Checkout: pay-as-you-go credits or certificate sets, once per session; a subscription's state. */
export async function readCheckout(context: AppContext, stripe: Stripe, sessionId: string): Promise<Apply> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const customer = idOf(session.customer);
  const sync = session.mode === 'subscription' && customer ? await readCustomer(stripe, customer) : null;
  return async (tx) => {
    const account = await accountForCustomer(tx, customer);
    if (!account || String(account.id) !== session.client_reference_id) return undefined;
    const promoId = Number(session.metadata?.promo_code_id);
    const hold = session.metadata?.promo_hold;
    if (settled(session) && Number.isInteger(promoId) && promoId > 0) {
      const use = { sessionId: session.id, promoId, accountId: account.id, at: context.clock.now() };
      // Sessions made before uses were held count as they always did.
      if (hold) await countHeldUse(tx, { ...use, holdId: hold });
      else await countCheckoutUse(tx, use);
    }
    if (sync) return sync(tx);
    if (!settled(session)) return account.id;
    await fulfilPayment(context, tx, account.id, session);
    return account.id;
  };
}

/** An expired Checkout: the promo code use it held is given back. */
export async function readExpiredCheckout(context: AppContext, stripe: Stripe, sessionId: string): Promise<Apply> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const customer = idOf(session.customer);
  return async (tx) => {
    const account = await accountForCustomer(tx, customer);
    if (!account || String(account.id) !== session.client_reference_id) return undefined;
    const hold = session.metadata?.promo_hold;
    if (session.status === 'expired' && hold) await releaseHold(tx, hold, context.clock.now());
    return account.id;
  };
}

async function fulfilPayment(context: AppContext, tx: Db, accountId: number, session: Stripe.Checkout.Session): Promise<void> {
  const reference = `checkout:${session.id}`;
  const metadata = session.metadata ?? {};
  if (metadata.purchase_type === 'payg') {
    const credits = Number(metadata.credits) * Number(metadata.quantity);
    if (Number.isInteger(credits) && credits > 0)
      await grantCredits(tx, {
        accountId,
        bucket: 'payg',
        amount: credits,
        kind: 'purchase',
        reference,
        paid: session.amount_total === null ? null : { amount: session.amount_total, currency: session.currency ?? 'usd' },
        at: context.clock.now(),
      });
  } else if (metadata.purchase_type === 'certificate_set') {
    const sets = Number(metadata.certsets);
    if (!Number.isInteger(sets) || sets <= 0) return;
    const inserted = await tx
      .insert(billingFulfilments)
      .values({ reference, account_id: accountId, kind: 'certificate_set', quantity: sets, created_at: context.clock.now() })
      .onConflictDoNothing()
      .returning({ reference: billingFulfilments.reference });
    if (inserted.length > 0)
      await tx
        .update(accounts)
        .set({ allowed_sets: sql`${accounts.allowed_sets} + ${sets}` })
        .where(eq(accounts.id, accountId));
  }
}

/** An automatic purchase's payment: its pack's credits, once per payment. */
export async function readPaidIntent(context: AppContext, stripe: Stripe, intentId: string): Promise<Apply> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  return async (tx) => {
    const account = await accountForCustomer(tx, idOf(intent.customer));
    if (!account || intent.metadata?.purchase_type !== 'automatic' || String(account.id) !== intent.metadata.account_id) return undefined;
    if (intent.status !== 'succeeded') return account.id;
    const credits = Number(intent.metadata.credits);
    if (Number.isInteger(credits) && credits > 0)
      await grantCredits(tx, {
        accountId: account.id,
        bucket: 'payg',
        amount: credits,
        kind: 'automatic_purchase',
        reference: `payment:${intent.id}`,
        paid: { amount: intent.amount_received, currency: intent.currency },
        at: context.clock.now(),
      });
    return account.id;
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, billingFulfilments } from '../../db/schema.ts';
import { grantCredits } from '../credits/index.ts';
import { planForPrice } from './prices.ts';

/**
 * Bringing the account in step with Stripe. Every function here reads the object again from Stripe and
 * derives the account's state from what Stripe holds now, never from an event's copy: events that come
 * twice, late or out of order then all lead to the same end state. Credits are granted once per paid
 * invoice or payment through the ledger's idempotency reference.
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

/** The customer's subscription that counts: the newest one that is not over. */
export async function currentSubscription(stripe: Stripe, customer: string): Promise<Stripe.Subscription | undefined> {
  const list = await stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
  return list.data.filter((s) => CURRENT.includes(s.status)).sort((a, b) => b.created - a.created)[0];
}

/** Sets plan, active and pending from the customer's subscriptions as Stripe has them now. */
export async function syncCustomer(context: AppContext, stripe: Stripe, tx: Db, customer: string): Promise<number | undefined> {
  const account = await accountForCustomer(tx, customer);
  if (!account) return undefined;
  const subscription = await currentSubscription(stripe, customer);
  if (!subscription) {
    await tx
      .update(accounts)
      .set({ stripe_active: false, subscription_in_pending: false, stripe_plan: null, stripe_subscription_id: null })
      .where(eq(accounts.id, account.id));
    return account.id;
  }
  const item = subscription.items.data[0];
  const plan = await planForPrice(stripe, item?.price);
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
}

function linePrice(line: Stripe.InvoiceLineItem): string | null {
  const price = line.pricing?.price_details?.price;
  return typeof price === 'string' ? price : (price?.id ?? null);
}

/**
 * A paid subscription invoice grants its plan's monthly credits; an upgrade's proration invoice grants
 * the difference (the new plan's line counts, the old plan's credited line takes away). Once per invoice.
 */
export async function applyPaidInvoice(context: AppContext, stripe: Stripe, tx: Db, invoiceId: string): Promise<number | undefined> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const account = await accountForCustomer(tx, invoice.customer as string);
  if (!account || invoice.status !== 'paid') return account?.id;
  let credits = 0;
  for (const line of invoice.lines.data) {
    const plan = await planForPrice(stripe, linePrice(line));
    if (plan) credits += Math.sign(line.amount) * plan.monthly_credits;
  }
  if (credits > 0) {
    await grantCredits(tx, {
      accountId: account.id,
      bucket: 'subscription',
      amount: credits,
      kind: 'subscription_invoice',
      reference: `invoice:${invoice.id}`,
      note: invoice.number ?? undefined,
      at: context.clock.now(),
    });
  }
  // The latest invoice paid settles an earlier failure; an older one arriving late says nothing about now.
  if (await isLatestInvoice(stripe, invoice)) await tx.update(accounts).set({ billing_error: null }).where(eq(accounts.id, account.id));
  return account.id;
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
export async function recordFailedInvoice(context: AppContext, stripe: Stripe, tx: Db, invoiceId: string): Promise<number | undefined> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const account = await accountForCustomer(tx, invoice.customer as string);
  if (!account) return undefined;
  if ((invoice.status === 'open' || invoice.status === 'uncollectible') && (await isLatestInvoice(stripe, invoice))) {
    const reason = await invoiceFailureReason(stripe, invoice);
    await tx.update(accounts).set({ billing_error: reason }).where(eq(accounts.id, account.id));
  }
  await syncCustomer(context, stripe, tx, account.stripe_id!);
  return account.id;
}

/** A completed Checkout: pay-as-you-go credits or certificate sets, once per session; a subscription's state. */
export async function fulfilCheckout(context: AppContext, stripe: Stripe, tx: Db, sessionId: string): Promise<number | undefined> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const account = await accountForCustomer(tx, session.customer as string | null);
  if (!account || String(account.id) !== session.client_reference_id) return undefined;
  if (session.mode === 'subscription') return syncCustomer(context, stripe, tx, account.stripe_id!);
  if (session.status !== 'complete' || session.payment_status !== 'paid') return account.id;
  const reference = `checkout:${session.id}`;
  const metadata = session.metadata ?? {};
  if (metadata.purchase_type === 'payg') {
    const credits = Number(metadata.credits) * Number(metadata.quantity);
    if (Number.isInteger(credits) && credits > 0)
      await grantCredits(tx, {
        accountId: account.id,
        bucket: 'payg',
        amount: credits,
        kind: 'purchase',
        reference,
        at: context.clock.now(),
      });
  } else if (metadata.purchase_type === 'certificate_set') {
    const sets = Number(metadata.certsets);
    if (!Number.isInteger(sets) || sets <= 0) return account.id;
    const inserted = await tx
      .insert(billingFulfilments)
      .values({ reference, account_id: account.id, kind: 'certificate_set', quantity: sets, created_at: context.clock.now() })
      .onConflictDoNothing()
      .returning({ reference: billingFulfilments.reference });
    if (inserted.length > 0)
      await tx
        .update(accounts)
        .set({ allowed_sets: sql`${accounts.allowed_sets} + ${sets}` })
        .where(and(eq(accounts.id, account.id)));
  }
  return account.id;
}

/** An automatic purchase's payment: its pack's credits, once per payment. */
export async function applyPaidIntent(context: AppContext, stripe: Stripe, tx: Db, intentId: string): Promise<number | undefined> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const account = await accountForCustomer(tx, intent.customer as string | null);
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
      at: context.clock.now(),
    });
  return account.id;
}

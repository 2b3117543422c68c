import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { stripeEvents } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import type { Apply } from './apply.ts';
import { readFailedCharge, rearmOrClaim } from './automatic.ts';
import { readChargeReturns, readDispute } from './reversals.ts';
import { requireStripe } from './stripe-client.ts';
import { readCheckout, readCustomer, readExpiredCheckout, readFailedInvoice, readPaidIntent, readPaidInvoice } from './sync.ts';

type Reader = (context: AppContext, stripe: Stripe, object: { id: string; customer?: unknown }) => Promise<Apply>;

/** What each event type sets in motion; every reader reads its object again from Stripe. */
const READERS: Record<string, Reader> = {
  'checkout.session.completed': (c, s, o) => readCheckout(c, s, o.id),
  'checkout.session.async_payment_succeeded': (c, s, o) => readCheckout(c, s, o.id),
  'invoice.paid': (c, s, o) => readPaidInvoice(c, s, o.id),
  'invoice.payment_failed': (_c, s, o) => readFailedInvoice(s, o.id),
  'customer.subscription.created': (_c, s, o) => readCustomer(s, o.customer as string),
  'customer.subscription.updated': (_c, s, o) => readCustomer(s, o.customer as string),
  'customer.subscription.deleted': (_c, s, o) => readCustomer(s, o.customer as string),
  'payment_intent.succeeded': (c, s, o) => readPaidIntent(c, s, o.id),
  'payment_intent.payment_failed': (_c, s, o) => readFailedCharge(s, o.id),
  'checkout.session.expired': (c, s, o) => readExpiredCheckout(c, s, o.id),
  'charge.refunded': (c, s, o) => readChargeReturns(c, s, o.id),
  'charge.dispute.created': (c, s, o) => readDispute(c, s, o.id),
  'charge.dispute.closed': (c, s, o) => readDispute(c, s, o.id),
};

/** Money going back to the cardholder: what it takes back must not set off an automatic purchase on the same card. */
const returnsMoney = (type: string) => type.startsWith('charge.');

/**
 * One delivery of a Stripe event: the signature is checked on the raw body with the SDK, what the event
 * concerns is read again from Stripe, and then one short transaction records the event's id and applies
 * what was read, so a second delivery finds the row and does nothing. A failure rolls both back and
 * Stripe delivers the event again later. No Stripe call happens while the transaction is open.
 */
export async function receiveEvent(context: AppContext, rawBody: Buffer | string, signature: string | undefined): Promise<void> {
  const stripe = requireStripe(context);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', context.env.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw badRequest('The Stripe signature does not match this request.', { error_type: 'signature' });
  }
  // A delivery already handled costs no Stripe call; the insert below is still what decides.
  const [seen] = await context.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return;
  const reader = READERS[event.type];
  const apply = reader ? await reader(context, stripe, event.data.object as { id: string; customer?: unknown }) : null;
  await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const first = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processed_at: context.clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (first.length === 0 || !apply) return;
    const touched = await apply(tx);
    if (touched === undefined) return;
    await tx.update(stripeEvents).set({ account_id: touched }).where(eq(stripeEvents.id, event.id));
    await audit(context, { action: `billing.${event.type}`, accountId: touched, details: { event: event.id } }, tx);
    // Credits that came in may lift the balance back over an automatic purchase's threshold (re-arm).
    if (!returnsMoney(event.type)) await rearmOrClaim(context, tx, touched);
  });
}

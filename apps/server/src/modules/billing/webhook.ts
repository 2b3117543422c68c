import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { stripeEvents } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { afterGrant, recordFailedCharge } from './automatic.ts';
import { requireStripe } from './stripe-client.ts';
import { applyPaidIntent, applyPaidInvoice, fulfilCheckout, recordFailedInvoice, syncCustomer } from './sync.ts';

type Handler = (context: AppContext, stripe: Stripe, tx: Db, object: { id: string; customer?: unknown }) => Promise<number | undefined>;

/** What each event type sets in motion; every handler reads its object again from Stripe. */
const HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': (c, s, tx, o) => fulfilCheckout(c, s, tx, o.id),
  'checkout.session.async_payment_succeeded': (c, s, tx, o) => fulfilCheckout(c, s, tx, o.id),
  'invoice.paid': (c, s, tx, o) => applyPaidInvoice(c, s, tx, o.id),
  'invoice.payment_failed': (c, s, tx, o) => recordFailedInvoice(c, s, tx, o.id),
  'customer.subscription.created': (c, s, tx, o) => syncCustomer(c, s, tx, o.customer as string),
  'customer.subscription.updated': (c, s, tx, o) => syncCustomer(c, s, tx, o.customer as string),
  'customer.subscription.deleted': (c, s, tx, o) => syncCustomer(c, s, tx, o.customer as string),
  'payment_intent.succeeded': (c, s, tx, o) => applyPaidIntent(c, s, tx, o.id),
  'payment_intent.payment_failed': (c, s, tx, o) => recordFailedCharge(c, s, tx, o.id),
};

/**
 * One delivery of a Stripe event: the signature is checked on the raw body with the SDK, then the event
 * is handled in one transaction with the row that records its id, so a second delivery finds the row
 * and does nothing. A failure rolls both back and Stripe delivers the event again later.
 */
export async function receiveEvent(context: AppContext, rawBody: Buffer | string, signature: string | undefined): Promise<void> {
  const stripe = requireStripe(context);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', context.env.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw badRequest('The Stripe signature does not match this request.', { error_type: 'signature' });
  }
  const handler = HANDLERS[event.type];
  const accountId = await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const first = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processed_at: context.clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (first.length === 0 || !handler) return undefined;
    const touched = await handler(context, stripe, tx, event.data.object as { id: string; customer?: unknown });
    if (touched !== undefined) {
      await tx.update(stripeEvents).set({ account_id: touched }).where(eq(stripeEvents.id, event.id));
      await audit(context, { action: `billing.${event.type}`, accountId: touched, details: { event: event.id } }, tx);
    }
    return touched;
  });
  // Credits that came in may lift the balance back over an automatic purchase's threshold.
  if (accountId !== undefined) await afterGrant(context, accountId);
}

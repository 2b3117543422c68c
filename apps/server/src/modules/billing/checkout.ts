import {
  type BillingRedirectTarget,
  CERTIFICATE_SET_PRICE_USD,
  type CheckoutQuery,
  findPlan,
  PAYG_PRICE_CENTS,
  type Plan,
  PROMO_MESSAGES,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { attachHoldSession, checkoutPromo, holdCheckoutUse, releaseHold, settleStaleHolds, stripeCouponFor } from '../promo-codes/index.ts';
import { audit } from '../system/index.ts';
import { priceForPlan } from './prices.ts';
import { type Actor, ensureCustomer, loadAccount } from './service.ts';
import { stripeFor } from './stripe-client.ts';
import { currentSubscription, syncCustomer } from './sync.ts';

/**
 * Where a billing redirect sends the browser: Stripe Checkout, Stripe's billing portal, or back to a
 * screen of the app with `?error=` (no-customer, no-session; no-payments without Stripe; see "Stripe billing", docs/decisions/0028-stripe-billing.md;
 * invalid-promo and promo-used-up for a promo code that cannot be used).
 */

const back = (error: string) => `/account/subscription?error=${error}`;

/** Why a promo code given at checkout is refused, as the subscription screen's error key. */
const promoError = (problem: string) => (problem === PROMO_MESSAGES.usedUp ? 'promo-used-up' : 'invalid-promo');

export async function billingRedirect(
  context: AppContext,
  accountId: number,
  target: BillingRedirectTarget,
  query: Partial<CheckoutQuery>,
  actor: Actor & { email: string },
): Promise<string> {
  const stripe = stripeFor(context);
  if (!stripe) return back('no-payments');
  if (target === 'checkout-session') return checkout(context, stripe, accountId, query, actor);
  const account = await loadAccount(context, accountId);
  if (!account.stripe_id) return back('no-customer');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: account.stripe_id,
      return_url: `${context.env.PUBLIC_URL}/account/subscription`,
      ...(target === 'update-billing-information' ? { flow_data: { type: 'payment_method_update' } } : {}),
    });
    return session.url;
  } catch (error) {
    context.log.warn({ err: error, accountId }, 'billing portal session refused');
    return back('no-session');
  }
}

/** A Stripe discount for a coupon id or a promotion code, when Stripe knows it. */
async function discountFor(stripe: Stripe, code: string | undefined): Promise<Stripe.Checkout.SessionCreateParams.Discount[] | undefined> {
  if (!code) return undefined;
  const promotion = (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data[0];
  if (promotion) return [{ promotion_code: promotion.id }];
  const coupon = await stripe.coupons.retrieve(code).catch(() => null);
  return coupon?.valid ? [{ coupon: coupon.id }] : undefined;
}

async function checkout(
  context: AppContext,
  stripe: Stripe,
  accountId: number,
  query: Partial<CheckoutQuery>,
  actor: Actor & { email: string },
): Promise<string> {
  const account = await loadAccount(context, accountId);
  const base = context.env.PUBLIC_URL;
  const plan = query.purchase_type === 'subscription' ? findPlan(query.subscription) : undefined;
  if (query.purchase_type === 'subscription' && !plan) return '/account/billing-subscriptions';
  // A percentage promo code of ours (given now, or kept from registration) becomes a Stripe coupon.
  const promo = await checkoutPromo(context, query.promo_code ?? (query.coupon ? null : account.promo_code));
  if (promo.kind === 'invalid' && query.promo_code) return back(promoError(promo.message));
  let hold: string | null = null;
  try {
    const customer = await ensureCustomer(context, stripe, account, actor.email);
    if (plan) {
      const existing = await currentSubscription(stripe, customer);
      if (existing) return await changePlan(context, stripe, account.id, existing, plan, query, actor);
    }
    // One use of our code is held for this session before it is made: the code's limit counts it.
    let ours = promo.kind === 'percentage' ? promo.promo : null;
    if (ours) {
      await settleStaleHolds(context, stripe, ours.id);
      const held = await holdCheckoutUse(context, ours.id, account.id);
      if ('problem' in held) {
        if (query.promo_code) return back(promoError(held.problem));
        // A code kept from registration that can no longer be used: the checkout goes on without it.
        ours = null;
      } else hold = held.hold;
    }
    const discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined = ours
      ? [{ coupon: await stripeCouponFor(context, stripe, ours) }]
      : await discountFor(stripe, query.coupon ?? query.promo_code);
    const promoMetadata: Record<string, string> = ours && hold ? { promo_code_id: String(ours.id), promo_hold: hold } : {};
    const common = { customer, client_reference_id: String(account.id), ...(discounts ? { discounts } : {}) };
    let session: Stripe.Checkout.Session;
    if (plan) {
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: 'subscription',
        line_items: [{ price: await priceForPlan(stripe, plan), quantity: 1 }],
        metadata: { purchase_type: 'subscription', plan: plan.id, ...promoMetadata },
        subscription_data: { metadata: { account_id: String(account.id), plan: plan.id } },
        success_url: `${base}/account/subscription?checkout=success`,
        cancel_url: `${base}/account/billing-subscriptions?checkout=cancelled`,
      });
    } else if (query.purchase_type === 'payg') {
      const credits = query.payg_credits ?? 150;
      const quantity = query.quantity ?? 1;
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: PAYG_PRICE_CENTS[credits]!, product_data: { name: `${credits} credits` } },
            quantity,
          },
        ],
        invoice_creation: { enabled: true },
        metadata: { purchase_type: 'payg', credits: String(credits), quantity: String(quantity), ...promoMetadata },
        success_url: `${base}/account/purchase-credits?checkout=success`,
        cancel_url: `${base}/account/purchase-credits?checkout=cancelled`,
      });
    } else {
      const sets = query.certsets ?? 1;
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: CERTIFICATE_SET_PRICE_USD * 100, product_data: { name: 'Certificate set' } },
            quantity: sets,
          },
        ],
        invoice_creation: { enabled: true },
        metadata: { purchase_type: 'certificate_set', certsets: String(sets), ...promoMetadata },
        success_url: `${base}/build?checkout=success`,
        cancel_url: `${base}/build/purchase?checkout=cancelled`,
      });
    }
    if (hold) {
      // From here the session exists and may be paid: its hold stays until the session's outcome is known.
      const made = hold;
      hold = null;
      await attachHoldSession(context, made, session.id);
    }
    await audit(context, {
      action: 'billing.checkout_started',
      accountId: account.id,
      userId: actor.userId,
      ip: actor.ip,
      details: { session: session.id, ...query },
    });
    return session.url ?? back('no-session');
  } catch (error) {
    context.log.warn({ err: error, accountId }, 'checkout session refused');
    if (hold) await releaseHold(context.db, hold, context.clock.now());
    return back('no-session');
  }
}

/**
 * A subscriber choosing another plan keeps their subscription and card: an upgrade is invoiced at once
 * for the rest of the period (its paid invoice brings the credits of the time it paid for, never past the
 * highest plan paid for in the period: subscription-credits.ts), a downgrade takes effect without a
 * refund and brings no credits until the next renewal. Without a card on file the purchase waits on the
 * billing information screen and resumes once a card is added (docs/product/billing-and-credits.md#flows).
 */
async function changePlan(
  context: AppContext,
  stripe: Stripe,
  accountId: number,
  subscription: Stripe.Subscription,
  plan: Plan,
  query: Partial<CheckoutQuery>,
  actor: Actor,
): Promise<string> {
  const customer = subscription.customer as string;
  const read = await stripe.customers.retrieve(customer);
  const hasCard = !read.deleted && (!!read.invoice_settings?.default_payment_method || !!subscription.default_payment_method);
  if (!hasCard) {
    const resume = new URLSearchParams({ purchase_type: 'subscription', subscription: plan.id });
    if (query.coupon) resume.set('coupon', query.coupon);
    return `/account/billing-information?resume=${encodeURIComponent(resume.toString())}`;
  }
  const item = subscription.items.data[0]!;
  const current = findPlan(item.price.lookup_key ?? undefined);
  if (current?.id === plan.id) return '/account/subscription';
  const upgrade = !current || plan.level > current.level;
  try {
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: await priceForPlan(stripe, plan) }],
      proration_behavior: upgrade ? 'always_invoice' : 'none',
      payment_behavior: 'error_if_incomplete',
      metadata: { account_id: String(accountId), plan: plan.id },
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      await context.db.update(accounts).set({ billing_error: error.message }).where(eq(accounts.id, accountId));
      return '/account/billing-information';
    }
    throw error;
  }
  await syncCustomer(context, stripe, customer, (tx) =>
    audit(
      context,
      {
        action: 'billing.plan_changed',
        accountId,
        userId: actor.userId,
        ip: actor.ip,
        details: { from: current?.id ?? null, to: plan.id },
      },
      tx,
    ),
  );
  return `/account/subscription?changed=${plan.id}`;
}

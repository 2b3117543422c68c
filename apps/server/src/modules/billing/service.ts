import {
  type AddCardBody,
  BILLING_MESSAGES,
  type BillingCard,
  type BillingDetails,
  type BillingReply,
  type CouponReply,
  type InvoiceSummary,
  type SubscriptionSummary,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { cardError, requireStripe, stripeConfigured, stripeFor } from './stripe-client.ts';
import { type AccountRow, currentSubscription, syncCustomer } from './sync.ts';

export interface Actor {
  userId: number;
  ip: string;
}

export async function loadAccount(context: AppContext, accountId: number): Promise<AccountRow> {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

/** The account's Stripe customer, created the first time it is needed and kept in `stripe_id`. */
export async function ensureCustomer(context: AppContext, stripe: Stripe, account: AccountRow, email?: string): Promise<string> {
  if (account.stripe_id) return account.stripe_id;
  const customer = await stripe.customers.create(
    { name: account.name, ...(email ? { email } : {}), metadata: { account_id: String(account.id) } },
    // Two clicks at once create one customer.
    { idempotencyKey: `customer-for-account-${account.id}` },
  );
  await context.db.update(accounts).set({ stripe_id: customer.id }).where(eq(accounts.id, account.id));
  return customer.id;
}

async function defaultMethod(stripe: Stripe, customer: string): Promise<Stripe.PaymentMethod | null> {
  const read = await stripe.customers.retrieve(customer, { expand: ['invoice_settings.default_payment_method'] });
  if (read.deleted) return null;
  const method = read.invoice_settings?.default_payment_method;
  if (!method) return null;
  return typeof method === 'string' ? stripe.paymentMethods.retrieve(method) : method;
}

function presentCard(customer: string, method: Stripe.PaymentMethod): BillingCard | null {
  if (!method.card) return null;
  const address = method.billing_details.address;
  return {
    customer,
    brand: method.card.brand,
    last4: method.card.last4,
    exp_month: method.card.exp_month,
    exp_year: method.card.exp_year,
    name: method.billing_details.name ?? null,
    address_line1: address?.line1 ?? null,
    address_city: address?.city ?? null,
    address_state: address?.state ?? null,
    address_zip: address?.postal_code ?? null,
    address_country: address?.country ?? null,
  };
}

function presentSubscription(subscription: Stripe.Subscription | undefined, plan: string | null): SubscriptionSummary | null {
  if (!subscription) return null;
  const end = subscription.items.data[0]?.current_period_end;
  return {
    plan,
    status: subscription.status,
    current_period_end: end ? new Date(end * 1000).toISOString() : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
  };
}

export async function readSubscription(context: AppContext, account: AccountRow): Promise<SubscriptionSummary | null> {
  const stripe = stripeFor(context);
  if (!stripe || !account.stripe_id) return null;
  return presentSubscription(await currentSubscription(stripe, account.stripe_id), account.stripe_plan);
}

/** The billing screen's data; a stored payment error is handed over once and cleared. */
export async function readBilling(context: AppContext, accountId: number): Promise<BillingReply> {
  const account = await loadAccount(context, accountId);
  const stripe = stripeFor(context);
  let card: BillingCard | null = null;
  if (stripe && account.stripe_id) {
    const method = await defaultMethod(stripe, account.stripe_id);
    card = method ? presentCard(account.stripe_id, method) : null;
  }
  let billingError: string | null = null;
  if (account.billing_error) {
    const [cleared] = await context.db
      .update(accounts)
      .set({ billing_error: null })
      .where(eq(accounts.id, accountId))
      .returning({ id: accounts.id });
    billingError = cleared ? account.billing_error : null;
  }
  return { payments: !!stripe, card, billing_error: billingError, subscription: await readSubscription(context, account) };
}

function billingDetailsOf(input: BillingDetails): Stripe.PaymentMethodUpdateParams.BillingDetails {
  const address: Stripe.AddressParam = {};
  if (input.address_line1 !== undefined) address.line1 = input.address_line1;
  if (input.address_city !== undefined) address.city = input.address_city;
  if (input.address_state !== undefined) address.state = input.address_state;
  if (input.address_zip !== undefined) address.postal_code = input.address_zip;
  if (input.address_country !== undefined) address.country = input.address_country;
  return { ...(input.name !== undefined ? { name: input.name } : {}), ...(Object.keys(address).length ? { address } : {}) };
}

/** A card Stripe.js tokenised becomes the customer's default payment method; the previous one is detached. */
export async function addCard(context: AppContext, accountId: number, input: AddCardBody, actor: Actor & { email: string }) {
  const stripe = requireStripe(context);
  const account = await loadAccount(context, accountId);
  const customer = await ensureCustomer(context, stripe, account, actor.email);
  try {
    const previous = await defaultMethod(stripe, customer);
    await stripe.paymentMethods.attach(input.token, { customer });
    const details = billingDetailsOf(input);
    if (Object.keys(details).length) await stripe.paymentMethods.update(input.token, { billing_details: details });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: input.token } });
    if (previous && previous.id !== input.token) await stripe.paymentMethods.detach(previous.id);
  } catch (error) {
    cardError(error);
  }
  await audit(context, { action: 'billing.card_added', accountId, userId: actor.userId, ip: actor.ip });
  return readBilling(context, accountId);
}

export async function updateBillingDetails(context: AppContext, accountId: number, input: BillingDetails, actor: Actor) {
  const stripe = requireStripe(context);
  const account = await loadAccount(context, accountId);
  const method = account.stripe_id ? await defaultMethod(stripe, account.stripe_id) : null;
  if (!method) throw new AppError(402, BILLING_MESSAGES.noBillingMethod, { error_type: 'no_billing_method' });
  try {
    await stripe.paymentMethods.update(method.id, {
      billing_details: billingDetailsOf(input),
      ...(input.exp_month !== undefined || input.exp_year !== undefined
        ? { card: { ...(input.exp_month ? { exp_month: input.exp_month } : {}), ...(input.exp_year ? { exp_year: input.exp_year } : {}) } }
        : {}),
    });
  } catch (error) {
    cardError(error);
  }
  await audit(context, { action: 'billing.details_updated', accountId, userId: actor.userId, ip: actor.ip });
  return readBilling(context, accountId);
}

export async function removeCard(context: AppContext, accountId: number, actor: Actor): Promise<void> {
  const stripe = requireStripe(context);
  const account = await loadAccount(context, accountId);
  const method = account.stripe_id ? await defaultMethod(stripe, account.stripe_id) : null;
  if (!method) throw new AppError(402, BILLING_MESSAGES.noBillingMethod, { error_type: 'no_billing_method' });
  await stripe.paymentMethods.detach(method.id);
  await audit(context, { action: 'billing.card_removed', accountId, userId: actor.userId, ip: actor.ip });
}

/** Cancels now (docs/product/billing-and-credits.md#flows: cancelling returns to Free) and reads the state back from Stripe at once. */
export async function cancelSubscription(context: AppContext, accountId: number, actor: Actor): Promise<void> {
  const stripe = requireStripe(context);
  const account = await loadAccount(context, accountId);
  if (!account.stripe_id) return;
  const subscription = await currentSubscription(stripe, account.stripe_id);
  if (subscription) await stripe.subscriptions.cancel(subscription.id);
  await syncCustomer(context, stripe, account.stripe_id, (tx) =>
    audit(context, { action: 'billing.subscription_cancelled', accountId, userId: actor.userId, ip: actor.ip }, tx),
  );
}

/** A coupon by its id, or a customer-facing promotion code that stands for one. */
export async function checkCoupon(context: AppContext, code: string): Promise<CouponReply> {
  const stripe = requireStripe(context);
  const invalid = { valid: false, percent_off: null, duration: null };
  const promotion = (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data[0];
  let coupon: Stripe.Coupon | null = null;
  if (promotion) {
    const ref = promotion.promotion.coupon;
    coupon = typeof ref === 'string' ? await stripe.coupons.retrieve(ref) : ref;
  } else {
    coupon = await stripe.coupons.retrieve(code).catch((error: { statusCode?: number }) => {
      if (error.statusCode === 404) return null;
      throw error;
    });
  }
  if (!coupon?.valid) return invalid;
  return { valid: true, percent_off: coupon.percent_off, duration: coupon.duration };
}

export async function listInvoices(context: AppContext, accountId: number): Promise<InvoiceSummary[]> {
  const account = await loadAccount(context, accountId);
  const stripe = stripeFor(context);
  if (!stripe || !account.stripe_id) return [];
  const list = await stripe.invoices.list({ customer: account.stripe_id, limit: 100 });
  return list.data
    .filter((i) => i.status !== 'draft')
    .map((i) => ({
      id: i.id!,
      number: i.number,
      created: new Date(i.created * 1000).toISOString(),
      amount: i.status === 'paid' ? i.amount_paid : i.amount_due,
      currency: i.currency,
      status: i.status,
      invoice_pdf: i.invoice_pdf ?? null,
      hosted_invoice_url: i.hosted_invoice_url ?? null,
    }));
}

export { stripeConfigured };

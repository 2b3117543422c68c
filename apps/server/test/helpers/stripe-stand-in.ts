import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's REST API the product calls, for tests: customers, payment
 * methods, prices and products, Checkout sessions, subscriptions, invoices and their payments, payment
 * intents and their charges, refunds, disputes, coupons (read and created), promotion codes and billing
 * portal sessions. Requests are
 * form-encoded and replies have the shapes of Stripe's API reference (openapi/fixtures3.json of stripe/openapi), state is kept
 * in memory. Helpers play the customer's, the bank's and Stripe's part: complete or abandon a Checkout,
 * renew a subscription (paid or declined), pay an open invoice, refund or dispute a payment, let time pass
 * within a period, and deliver the webhook events that followed, signed as Stripe signs them.
 */

type Obj = Record<string, unknown> & { id: string };
type Form = Record<string, unknown>;

export interface StandInEvent {
  id: string;
  type: string;
  payload: string;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every event so far, in the order Stripe would send them. */
  events: StandInEvent[];
  /** A card as Stripe.js would tokenise it; `declines` makes every charge on it fail. */
  createPaymentMethod(card?: { brand?: string; last4?: string; declines?: boolean; name?: string }): string;
  addCoupon(coupon: {
    id: string;
    percent_off: number;
    duration: 'once' | 'repeating' | 'forever';
    promotion_code?: string;
    max_redemptions?: number;
  }): void;
  /** The customer pays on the Checkout page (with a new card for subscriptions). */
  completeCheckout(sessionId: string, paymentMethod?: string): Promise<void>;
  /** The Checkout page is left unpaid until it expires (`checkout.session.expired`). */
  expireCheckout(sessionId: string): void;
  /** The subscription's next period begins: its invoice is charged to the default card. */
  renew(subscriptionId: string): void;
  /** Stripe's clock moves on (prorations are computed from it); `toPeriodShare` moves it to that share of the subscription's period. */
  advance(options: { seconds?: number; subscription?: string; toPeriodShare?: number }): void;
  /** An open invoice is paid with the customer's default card now (as Stripe's retry or the hosted invoice page does). */
  payInvoice(invoiceId: string): void;
  /** The merchant refunds a payment (all of it by default), as `POST /v1/refunds` does. */
  refund(paymentIntentId: string, amount?: number): void;
  /** The cardholder's bank opens a dispute on a payment (all of it by default); answers the dispute's id. */
  dispute(paymentIntentId: string, amount?: number): string;
  /** A dispute ends: `won` gives the money back to the merchant, `lost` keeps it with the cardholder. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): void;
  /** Posts events (all not yet delivered by default) to the webhook, signed; answers the HTTP statuses. */
  deliver(events?: StandInEvent[]): Promise<number[]>;
  /** Signs a payload with the webhook secret, as Stripe does. */
  sign(payload: string, secret?: string): string;
  object(id: string): Obj | undefined;
  close(): Promise<void>;
}

const DAY = 86_400;

/** Stripe's bracket notation (`line_items[0][price_data][currency]=usd`) into nested objects and arrays. */
function parseForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[key] = value;
      else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** Objects with keys 0..n become arrays. */
const list = (value: unknown): unknown[] => (value && typeof value === 'object' ? Object.values(value as object) : []);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const missing = (id: string) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param: 'id' });
const declined = (paymentIntent?: Obj) =>
  new StripeError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
  });

export async function startStripeStandIn(options: {
  /** Where events are posted: the app's webhook (`app.inject` in API tests, a real URL in browser tests). */
  deliverTo: (payload: string, signature: string) => Promise<number>;
}): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const store = new Map<string, Obj>();
  const events: StandInEvent[] = [];
  let delivered = 0;
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  let invoiceNumber = 0;
  let url = '';
  /** How far Stripe's clock runs ahead of the machine's (`advance`). */
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;

  const newId = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  const put = <T extends Obj>(o: T): T => {
    store.set(o.id, o);
    return o;
  };
  const get = (id: string, object?: string): Obj => {
    const found = store.get(id);
    if (!found || (object && found.object !== object)) throw missing(id);
    return found;
  };
  const all = (object: string) => [...store.values()].filter((o) => o.object === object);
  const listOf = (data: unknown[], path: string) => ({ object: 'list', data, has_more: false, url: path });
  const copy = <T>(o: T): T => structuredClone(o);
  const emit = (type: string, object: Obj) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: copy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push({ id: event.id, type, payload: JSON.stringify(event) });
  };

  // ---- resources ----------------------------------------------------------------------------------

  const address = (a: Form | undefined) => ({
    city: (a?.city as string) ?? null,
    country: (a?.country as string) ?? null,
    line1: (a?.line1 as string) ?? null,
    line2: (a?.line2 as string) ?? null,
    postal_code: (a?.postal_code as string) ?? null,
    state: (a?.state as string) ?? null,
  });

  function paymentMethod(card: { brand?: string; last4?: string; declines?: boolean; name?: string } = {}): Obj {
    return put({
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: address(undefined), email: null, name: card.name ?? null, phone: null, tax_id: null },
      card: {
        brand: card.brand ?? 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand ?? 'visa',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        fingerprint: randomBytes(8).toString('hex'),
        funding: 'credit',
        last4: card.last4 ?? (card.declines ? '0002' : '4242'),
        networks: { available: [card.brand ?? 'visa'], preferred: null },
        wallet: null,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
      // Not part of Stripe's shape: which test card this is.
      _declines: !!card.declines,
    });
  }

  function customer(form: Form): Obj {
    return put({
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: 'usd',
      default_source: null,
      delinquent: false,
      description: null,
      email: (form.email as string) ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: (form.metadata as Form) ?? {},
      name: (form.name as string) ?? null,
      phone: null,
      preferred_locales: [],
      tax_exempt: 'none',
      test_clock: null,
    });
  }

  function price(form: Form): Obj {
    const recurring = form.recurring as Form | undefined;
    return put({
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: (form.currency as string) ?? 'usd',
      livemode: false,
      lookup_key: (form.lookup_key as string) ?? null,
      metadata: (form.metadata as Form) ?? {},
      nickname: null,
      product: (form.product as string) ?? null,
      recurring: recurring
        ? { interval: recurring.interval, interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null }
        : null,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: Number(form.unit_amount),
      unit_amount_decimal: String(form.unit_amount),
    });
  }

  const couponOf = (discounts: unknown): Obj | null => {
    const first = list(discounts)[0] as Form | undefined;
    if (!first) return null;
    if (first.coupon) return get(first.coupon as string, 'coupon');
    if (first.promotion_code) return get((get(first.promotion_code as string).promotion as Form).coupon as string, 'coupon');
    return null;
  };

  /** The charge a successful payment leaves: what refunds and disputes act on. */
  function charge(intent: {
    id: string;
    amount: number;
    customer: string | null;
    payment_method: string | null;
    description: string;
  }): Obj {
    return put({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: { address: address(undefined), email: null, name: null, phone: null, tax_id: null },
      captured: true,
      created: now(),
      currency: 'usd',
      customer: intent.customer,
      description: intent.description || null,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      outcome: {
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      receipt_url: `${url}/receipts/${intent.id}`,
      refunded: false,
      refunds: listOf([], `/v1/charges/${intent.id}/refunds`),
      status: 'succeeded',
    });
  }

  function paymentIntent(customerId: string | null, amount: number, methodId: string | null, metadata: Form = {}, description = ''): Obj {
    const method = methodId ? get(methodId, 'payment_method') : null;
    const fails = !method || !!method._declines;
    const id = newId('pi');
    const paid = fails ? null : charge({ id, amount, customer: customerId, payment_method: methodId, description });
    return put({
      id,
      object: 'payment_intent',
      amount,
      amount_received: fails ? 0 : amount,
      capture_method: 'automatic',
      client_secret: `${newId('pi')}_secret`,
      confirmation_method: 'automatic',
      created: now(),
      currency: 'usd',
      customer: customerId,
      description,
      last_payment_error: fails
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : null,
      latest_charge: paid?.id ?? null,
      livemode: false,
      metadata,
      payment_method: methodId,
      payment_method_types: ['card'],
      status: fails ? 'requires_payment_method' : 'succeeded',
    });
  }

  type Line = {
    amount: number;
    price: Obj | null;
    description: string;
    quantity: number;
    subscription?: Obj;
    item?: string;
    period?: { start: number; end: number };
  };

  /** An invoice, finalised and charged to the card at once (charge_automatically). */
  function invoice(
    customerId: string,
    lines: Line[],
    reason: string,
    subscription: Obj | null,
    methodId: string | null,
    coupon: Obj | null,
  ): Obj {
    const id = newId('in');
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const discount = coupon?.percent_off ? Math.round((subtotal * Number(coupon.percent_off)) / 100) : 0;
    const total = Math.max(0, subtotal - discount);
    const intent = total > 0 ? paymentIntent(customerId, total, methodId, {}, `Invoice ${id}`) : null;
    const paid = !intent || intent.status === 'succeeded';
    const created = now();
    const out = put({
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      attempt_count: intent ? 1 : 0,
      attempted: !!intent,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created,
      currency: 'usd',
      customer: customerId,
      discounts: [],
      hosted_invoice_url: `${url}/invoices/${id}`,
      invoice_pdf: `${url}/invoices/${id}.pdf`,
      lines: listOf(
        lines.map((l) => ({
          id: newId('il'),
          object: 'line_item',
          amount: l.amount,
          currency: 'usd',
          description: l.description,
          discountable: true,
          invoice: id,
          livemode: false,
          metadata: {},
          parent: l.subscription
            ? {
                type: 'subscription_item_details',
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: reason === 'subscription_update',
                  proration_details: { credited_items: null },
                  subscription: l.subscription.id,
                  subscription_item: l.item ?? null,
                },
              }
            : null,
          period: l.period ?? { start: created, end: created + 30 * DAY },
          pricing: l.price
            ? {
                type: 'price_details',
                price_details: { price: l.price.id, product: l.price.product },
                unit_amount_decimal: String(l.price.unit_amount),
              }
            : null,
          quantity: l.quantity,
        })),
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      metadata: {},
      number: `${get(customerId).invoice_prefix}-${String(++invoiceNumber).padStart(4, '0')}`,
      parent: subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
          }
        : null,
      period_end: created,
      period_start: created,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: created, paid_at: paid ? created : null, voided_at: null, marked_uncollectible_at: null },
      subtotal,
      total,
      _payment_intent: intent?.id ?? null,
    });
    emit('invoice.finalized', out);
    emit(paid ? 'invoice.paid' : 'invoice.payment_failed', out);
    if (intent) emit(paid ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    return out;
  }

  /**
   * An open invoice charged again with the customer's default card (Stripe's retry, the hosted page, or
   * `POST /v1/invoices/{id}/pay`): its payment intent is confirmed with the card, and a subscription it
   * belongs to becomes active again once it is paid.
   */
  function payOpenInvoice(inv: Obj): Obj {
    if (inv.status !== 'open')
      throw new StripeError(400, { type: 'invalid_request_error', code: 'invoice_not_open', message: 'Invoice is already paid.' });
    const customerId = inv.customer as string;
    const methodId = defaultMethod(customerId);
    const method = methodId ? get(methodId, 'payment_method') : null;
    const intent = get(inv._payment_intent as string, 'payment_intent');
    inv.attempt_count = Number(inv.attempt_count) + 1;
    inv.attempted = true;
    intent.payment_method = methodId;
    if (!method || method._declines) {
      emit('invoice.payment_failed', inv);
      emit('payment_intent.payment_failed', intent);
      throw declined(intent);
    }
    const paid = charge({
      id: intent.id,
      amount: Number(intent.amount),
      customer: customerId,
      payment_method: methodId,
      description: String(intent.description),
    });
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null, latest_charge: paid.id });
    Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, amount_remaining: 0 });
    (inv.status_transitions as Form).paid_at = now();
    emit('invoice.paid', inv);
    emit('payment_intent.succeeded', intent);
    const subscriptionId = ((inv.parent as Form | null)?.subscription_details as Form | undefined)?.subscription as string | undefined;
    if (subscriptionId) {
      const sub = get(subscriptionId, 'subscription');
      if (sub.latest_invoice === inv.id && sub.status !== 'canceled') {
        sub.status = 'active';
        emit('customer.subscription.updated', sub);
      }
    }
    return inv;
  }

  function subscriptionItem(subscriptionId: string, priceObj: Obj, start: number) {
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: start,
      current_period_start: start,
      current_period_end: start + 30 * DAY,
      discounts: [],
      metadata: {},
      price: priceObj,
      quantity: 1,
      subscription: subscriptionId,
      tax_rates: [],
    };
  }

  const defaultMethod = (customerId: string) =>
    ((get(customerId).invoice_settings as Form).default_payment_method as string | null) ?? null;

  /** A completed session's payment status: nothing to pay when the total after discounts is 0. */
  const paymentStatus = (inv: Obj) => (inv.status !== 'paid' ? 'unpaid' : Number(inv.total) === 0 ? 'no_payment_required' : 'paid');

  /** A coupon used once more; at its `max_redemptions` it is no longer valid. */
  function redeem(coupon: Obj) {
    coupon.times_redeemed = Number(coupon.times_redeemed) + 1;
    if (coupon.max_redemptions !== null && Number(coupon.times_redeemed) >= Number(coupon.max_redemptions)) coupon.valid = false;
  }

  function expireSession(session: Obj) {
    if (session.status !== 'open')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', session);
  }

  /** Money goes back to the cardholder: the charge records it and `charge.refunded` follows. */
  function refundCharge(ch: Obj, amount: number, reason: string | null): Obj {
    const left = Number(ch.amount) - Number(ch.amount_refunded);
    if (amount <= 0 || amount > left)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        param: 'amount',
      });
    const refund = put({
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: ch.id,
      created: now(),
      currency: ch.currency,
      destination_details: {
        type: 'card',
        card: { type: 'refund', reference_status: 'pending', reference_type: 'acquirer_reference_number' },
      },
      metadata: {},
      payment_intent: ch.payment_intent,
      reason,
      status: 'succeeded',
    });
    ch.amount_refunded = Number(ch.amount_refunded) + amount;
    ch.refunded = ch.amount_refunded === ch.amount;
    (ch.refunds as { data: Obj[] }).data.unshift(refund);
    emit('refund.created', refund);
    emit('charge.refunded', ch);
    return refund;
  }

  const chargeOfIntent = (intentId: string): Obj => {
    const intent = get(intentId, 'payment_intent');
    if (!intent.latest_charge) throw missing(`${intentId} charge`);
    return get(intent.latest_charge as string, 'charge');
  };

  // ---- routes -------------------------------------------------------------------------------------

  async function handle(method: string, path: string, query: URLSearchParams, form: Form): Promise<unknown> {
    const segments = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] = segments;
    const expand = list(form.expand) as string[];

    if (resource === 'customers') {
      if (method === 'POST' && !id) return customer(form);
      const c = get(id!, 'customer');
      if (method === 'POST') {
        const settings = form.invoice_settings as Form | undefined;
        if (settings && 'default_payment_method' in settings)
          (c.invoice_settings as Form).default_payment_method = settings.default_payment_method || null;
        if (form.name !== undefined) c.name = form.name;
        if (form.email !== undefined) c.email = form.email;
        return c;
      }
      if (expand.includes('invoice_settings.default_payment_method')) {
        const out = copy(c);
        const pm = (out.invoice_settings as Form).default_payment_method as string | null;
        (out.invoice_settings as Form).default_payment_method = pm ? store.get(pm) : null;
        return out;
      }
      return c;
    }

    if (resource === 'payment_methods') {
      if (method === 'POST' && !id) return paymentMethod({ last4: String((form.card as Form)?.number ?? '4242').slice(-4) });
      const pm = get(id!, 'payment_method');
      if (action === 'attach') {
        get(form.customer as string, 'customer');
        pm.customer = form.customer;
      } else if (action === 'detach') {
        const owner = pm.customer as string | null;
        pm.customer = null;
        if (owner && defaultMethod(owner) === pm.id) (get(owner).invoice_settings as Form).default_payment_method = null;
      } else if (method === 'POST') {
        const details = form.billing_details as Form | undefined;
        if (details?.name !== undefined) (pm.billing_details as Form).name = details.name;
        if (details?.address) Object.assign((pm.billing_details as Form).address as Form, address(details.address as Form));
        const card = form.card as Form | undefined;
        if (card?.exp_month) (pm.card as Form).exp_month = Number(card.exp_month);
        if (card?.exp_year) (pm.card as Form).exp_year = Number(card.exp_year);
      }
      return pm;
    }

    if (resource === 'products' && method === 'POST')
      return put({ id: newId('prod'), object: 'product', active: true, created: now(), name: form.name, metadata: form.metadata ?? {} });

    if (resource === 'prices') {
      if (method === 'POST') return price(form);
      if (id) return get(id, 'price');
      const keys = list(form.lookup_keys);
      return listOf(
        all('price').filter((p) => !keys.length || keys.includes(p.lookup_key)),
        '/v1/prices',
      );
    }

    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'GET' && sessionId) return get(sessionId, 'checkout.session');
      if (method === 'GET') {
        const intent = query.get('payment_intent');
        return listOf(
          all('checkout.session').filter((c) => !intent || c.payment_intent === intent),
          '/v1/checkout/sessions',
        );
      }
      if (sessionId && segments[3] === 'expire') {
        expireSession(get(sessionId, 'checkout.session'));
        return get(sessionId, 'checkout.session');
      }
      const items = list(form.line_items) as Form[];
      const lines = items.map((item) => {
        const p = item.price ? get(item.price as string, 'price') : price({ ...(item.price_data as Form), product: newId('prod') });
        return { price: p.id, quantity: Number(item.quantity ?? 1), amount: Number(p.unit_amount) * Number(item.quantity ?? 1) };
      });
      const subtotal = lines.reduce((s, l) => s + l.amount, 0);
      const coupon = couponOf(form.discounts);
      const discount = coupon?.percent_off ? Math.round((subtotal * Number(coupon.percent_off)) / 100) : 0;
      const sid = `cs_test_${randomBytes(24).toString('hex')}`;
      return put({
        id: sid,
        object: 'checkout.session',
        amount_subtotal: subtotal,
        amount_total: subtotal - discount,
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
        cancel_url: form.cancel_url,
        client_reference_id: form.client_reference_id ?? null,
        created: now(),
        currency: 'usd',
        customer: form.customer ?? null,
        discounts: list(form.discounts),
        expires_at: now() + DAY,
        invoice: null,
        livemode: false,
        metadata: form.metadata ?? {},
        mode: form.mode,
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        subscription: null,
        success_url: form.success_url,
        url: `${url}/checkout/${sid}`,
        _lines: lines,
        _subscription_metadata: (form.subscription_data as Form | undefined)?.metadata ?? {},
      });
    }

    if (resource === 'subscriptions') {
      if (method === 'GET' && !id) {
        const status = query.get('status') ?? (form.status as string | undefined);
        return listOf(
          all('subscription').filter(
            (s) => s.customer === (query.get('customer') ?? form.customer) && (status === 'all' || s.status !== 'canceled'),
          ),
          '/v1/subscriptions',
        );
      }
      const sub = get(id!, 'subscription');
      if (method === 'GET') return sub;
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.ended_at = now();
        emit('customer.subscription.deleted', sub);
        return sub;
      }
      // An update: a new price for the item, invoiced at once for an upgrade when asked.
      const item = (list(form.items)[0] ?? {}) as Form;
      const items = (sub.items as { data: Form[] }).data;
      const current = items[0]!;
      if (item.price) {
        const next = get(item.price as string, 'price');
        const previous = current.price as Obj;
        if (form.proration_behavior === 'always_invoice') {
          const pm = defaultMethod(sub.customer as string) ?? (sub.default_payment_method as string | null);
          const pmObj = pm ? get(pm) : null;
          if ((!pmObj || pmObj._declines) && form.payment_behavior === 'error_if_incomplete') throw declined();
          // Stripe prorates to the second: each price times the share of the period still to run.
          const start = Number(current.current_period_start);
          const end = Number(current.current_period_end);
          const share = Math.min(1, Math.max(0, (end - now()) / (end - start)));
          const after = new Date(now() * 1000).toUTCString().slice(5, 16);
          invoice(
            sub.customer as string,
            [
              {
                amount: -Math.round(Number(previous.unit_amount) * share),
                price: previous,
                description: `Unused time on ${previous.product} after ${after}`,
                quantity: 1,
                subscription: sub,
                item: current.id as string,
                period: { start: now(), end },
              },
              {
                amount: Math.round(Number(next.unit_amount) * share),
                price: next,
                description: `Remaining time on ${next.product} after ${after}`,
                quantity: 1,
                subscription: sub,
                item: current.id as string,
                period: { start: now(), end },
              },
            ],
            'subscription_update',
            sub,
            pm,
            null,
          );
        }
        current.price = next;
      }
      if (form.metadata) sub.metadata = form.metadata;
      emit('customer.subscription.updated', sub);
      return sub;
    }

    if (resource === 'invoices') {
      if (id && action === 'pay' && method === 'POST') return payOpenInvoice(get(id, 'invoice'));
      if (id) return get(id, 'invoice');
      const customerId = query.get('customer') ?? form.customer;
      return listOf(
        all('invoice')
          .filter((i) => i.customer === customerId)
          .sort((a, b) => Number(b.created) - Number(a.created) || String(b.number).localeCompare(String(a.number))),
        '/v1/invoices',
      );
    }

    if (resource === 'invoice_payments') {
      const byPayment = (form.payment as Form | undefined)?.payment_intent as string | undefined;
      const inv = byPayment
        ? all('invoice').find((i) => i._payment_intent === byPayment)
        : get((query.get('invoice') ?? form.invoice) as string, 'invoice');
      const pi = (inv?._payment_intent as string | null | undefined) ?? null;
      return listOf(
        inv && pi
          ? [
              {
                id: newId('inpay'),
                object: 'invoice_payment',
                amount_paid: inv.amount_paid,
                amount_requested: inv.amount_due,
                currency: 'usd',
                invoice: inv.id,
                is_default: true,
                livemode: false,
                payment: { type: 'payment_intent', payment_intent: pi },
                status: inv.status === 'paid' ? 'paid' : 'open',
              },
            ]
          : [],
        '/v1/invoice_payments',
      );
    }

    if (resource === 'charges') {
      if (id) return get(id, 'charge');
      const intent = query.get('payment_intent');
      return listOf(
        all('charge').filter((c) => !intent || c.payment_intent === intent),
        '/v1/charges',
      );
    }

    if (resource === 'refunds' && method === 'POST' && !id) {
      const ch = form.charge ? get(form.charge as string, 'charge') : chargeOfIntent(form.payment_intent as string);
      const amount = form.amount === undefined ? Number(ch.amount) - Number(ch.amount_refunded) : Number(form.amount);
      return refundCharge(ch, amount, (form.reason as string | undefined) ?? null);
    }
    if (resource === 'refunds' && id) return get(id, 'refund');
    if (resource === 'refunds') {
      const chargeId = query.get('charge');
      const intent = query.get('payment_intent');
      return listOf(
        all('refund')
          .filter((r) => (!chargeId || r.charge === chargeId) && (!intent || r.payment_intent === intent))
          .sort((a, b) => Number(b.created) - Number(a.created)),
        '/v1/refunds',
      );
    }

    if (resource === 'disputes') {
      if (id) return get(id, 'dispute');
      const chargeId = query.get('charge') ?? (form.charge as string | undefined);
      return listOf(
        all('dispute').filter((d) => !chargeId || d.charge === chargeId),
        '/v1/disputes',
      );
    }

    if (resource === 'payment_intents') {
      if (id) return get(id, 'payment_intent');
      const pi = paymentIntent(
        form.customer as string,
        Number(form.amount),
        form.payment_method as string,
        (form.metadata as Form) ?? {},
        form.description as string,
      );
      emit(pi.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', pi);
      if (pi.status !== 'succeeded') throw declined(pi);
      return pi;
    }

    if (resource === 'coupons' && method === 'POST' && !id) {
      const couponId = (form.id as string | undefined) ?? newId('coupon');
      if (store.has(couponId))
        throw new StripeError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.' });
      return put({
        id: couponId,
        object: 'coupon',
        amount_off: null,
        created: now(),
        currency: null,
        duration: form.duration ?? 'once',
        duration_in_months: form.duration_in_months ? Number(form.duration_in_months) : null,
        livemode: false,
        max_redemptions: form.max_redemptions ? Number(form.max_redemptions) : null,
        metadata: form.metadata ?? {},
        name: form.name ?? null,
        percent_off: Number(form.percent_off),
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      });
    }
    if (resource === 'coupons') return get(id!, 'coupon');
    if (resource === 'promotion_codes') {
      const code = query.get('code') ?? form.code;
      return listOf(
        all('promotion_code').filter((p) => p.code === code && p.active),
        '/v1/promotion_codes',
      );
    }

    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      get(form.customer as string, 'customer');
      const sid = newId('bps');
      return put({
        id: sid,
        object: 'billing_portal.session',
        configuration: 'bpc_standin',
        created: now(),
        customer: form.customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: form.return_url,
        url: `${url}/portal/${sid}`,
      });
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** The hosted pages the browser reaches (Checkout, portal, invoice): plain pages that say where they are. */
  function page(res: ServerResponse, path: string) {
    if (path.endsWith('.pdf')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n%stand-in invoice\n');
      return;
    }
    const [, kind, id] = path.split('/');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Stripe stand-in</title></head><body><h1>Stripe stand-in: ${kind}</h1><p id="object">${id}</p></body></html>`,
    );
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://stand-in');
      if (!parsed.pathname.startsWith('/v1/')) return page(res, parsed.pathname);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const key = req.headers['idempotency-key'] as string | undefined;
      const remembered = key && req.method === 'POST' ? idempotent.get(key) : undefined;
      if (remembered) return reply(remembered.status, remembered.body);
      const form = { ...parseForm(parsed.search.slice(1)), ...parseForm(Buffer.concat(chunks).toString()) };
      handle(req.method ?? 'GET', parsed.pathname, parsed.searchParams, form).then(
        (body) => {
          const visible = JSON.parse(JSON.stringify(body, (k, v) => (k.startsWith('_') ? undefined : v)));
          if (key && req.method === 'POST') idempotent.set(key, { status: 200, body: visible });
          reply(200, visible);
        },
        (error) => {
          if (error instanceof StripeError) {
            const body = { error: JSON.parse(JSON.stringify(error.body, (k, v) => (k.startsWith('_') ? undefined : v))) };
            if (key && req.method === 'POST') idempotent.set(key, { status: error.status, body });
            return reply(error.status, body);
          }
          reply(500, { error: { type: 'api_error', message: String(error) } });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (payload: string, secret = webhookSecret) => signer.webhooks.generateTestHeaderString({ payload, secret });

  return {
    url,
    secretKey,
    webhookSecret,
    events,
    createPaymentMethod: (card) => paymentMethod(card).id,
    addCoupon(c) {
      put({
        id: c.id,
        object: 'coupon',
        amount_off: null,
        created: now(),
        currency: null,
        duration: c.duration,
        duration_in_months: c.duration === 'repeating' ? 3 : null,
        livemode: false,
        max_redemptions: c.max_redemptions ?? null,
        metadata: {},
        name: `${c.percent_off}% off`,
        percent_off: c.percent_off,
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      });
      if (c.promotion_code)
        put({
          id: newId('promo'),
          object: 'promotion_code',
          active: true,
          code: c.promotion_code,
          created: now(),
          customer: null,
          expires_at: null,
          livemode: false,
          max_redemptions: null,
          metadata: {},
          promotion: { type: 'coupon', coupon: c.id },
          restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
          times_redeemed: 0,
        });
    },
    async completeCheckout(sessionId, paymentMethodId) {
      const session = get(sessionId, 'checkout.session');
      if (session.status !== 'open') throw new Error(`a ${session.status} Checkout Session cannot be paid`);
      const customerId = session.customer as string;
      const methodId = paymentMethodId ?? paymentMethod().id;
      const pm = get(methodId);
      pm.customer = customerId;
      const coupon = couponOf(session.discounts);
      const lines = (session._lines as { price: string; quantity: number; amount: number }[]).map((l) => {
        const p = get(l.price);
        return { amount: l.amount, price: p, description: String(p.product), quantity: l.quantity };
      });
      let inv: Obj;
      if (session.mode === 'subscription') {
        (get(customerId).invoice_settings as Form).default_payment_method = methodId;
        const start = now();
        const subId = newId('sub');
        const sub: Obj = put<Obj>({
          id: subId,
          object: 'subscription',
          billing_cycle_anchor: start,
          cancel_at: null,
          cancel_at_period_end: false,
          canceled_at: null,
          collection_method: 'charge_automatically',
          created: start,
          currency: 'usd',
          customer: customerId,
          default_payment_method: methodId,
          discounts: [],
          ended_at: null,
          items: listOf([subscriptionItem(subId, lines[0]!.price, start)], `/v1/subscription_items?subscription=${subId}`),
          latest_invoice: null,
          livemode: false,
          metadata: session._subscription_metadata ?? {},
          start_date: start,
          status: 'incomplete',
          trial_end: null,
          trial_start: null,
        });
        inv = invoice(
          customerId,
          lines.map((l) => ({ ...l, subscription: sub })),
          'subscription_create',
          sub,
          methodId,
          coupon,
        );
        sub.latest_invoice = inv.id;
        sub.status = inv.status === 'paid' ? 'active' : 'incomplete';
        emit('customer.subscription.created', sub);
        session.subscription = subId;
        session.invoice = inv.id;
        session.payment_status = paymentStatus(inv);
      } else {
        inv = invoice(customerId, lines, 'manual', null, methodId, coupon);
        session.invoice = inv.id;
        session.payment_intent = inv._payment_intent;
        session.payment_status = paymentStatus(inv);
      }
      session.status = 'complete';
      if (coupon && inv.status === 'paid') redeem(coupon);
      emit('checkout.session.completed', session);
    },
    expireCheckout(sessionId) {
      expireSession(get(sessionId, 'checkout.session'));
    },
    advance({ seconds, subscription, toPeriodShare }) {
      if (seconds) clockOffset += seconds;
      if (subscription !== undefined && toPeriodShare !== undefined) {
        const item = (get(subscription, 'subscription').items as { data: Form[] }).data[0]!;
        const start = Number(item.current_period_start);
        const target = Math.round(start + (Number(item.current_period_end) - start) * toPeriodShare);
        // Stripe's clock only moves forward.
        if (target < now()) throw new Error(`the stand-in's clock is already past ${toPeriodShare} of that period`);
        clockOffset += target - now();
      }
    },
    payInvoice(invoiceId) {
      payOpenInvoice(get(invoiceId, 'invoice'));
    },
    refund(paymentIntentId, amount) {
      const ch = chargeOfIntent(paymentIntentId);
      refundCharge(ch, amount ?? Number(ch.amount) - Number(ch.amount_refunded), 'requested_by_customer');
    },
    dispute(paymentIntentId, amount) {
      const ch = chargeOfIntent(paymentIntentId);
      const created = now();
      const dispute = put({
        id: newId('du'),
        object: 'dispute',
        amount: amount ?? Number(ch.amount),
        balance_transactions: [],
        charge: ch.id,
        created,
        currency: ch.currency,
        evidence: {},
        evidence_details: { due_by: created + 7 * DAY, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: ch.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
      ch.disputed = true;
      emit('charge.dispute.created', dispute);
      return dispute.id;
    },
    closeDispute(disputeId, status) {
      const dispute = get(disputeId, 'dispute');
      dispute.status = status;
      emit('charge.dispute.closed', dispute);
    },
    renew(subscriptionId) {
      const sub = get(subscriptionId, 'subscription');
      const item = (sub.items as { data: Form[] }).data[0]!;
      const start = Number(item.current_period_end);
      item.current_period_start = start;
      item.current_period_end = start + 30 * DAY;
      const p = item.price as Obj;
      const inv = invoice(
        sub.customer as string,
        [
          {
            amount: Number(p.unit_amount),
            price: p,
            description: String(p.product),
            quantity: 1,
            subscription: sub,
            item: item.id as string,
          },
        ],
        'subscription_cycle',
        sub,
        defaultMethod(sub.customer as string) ?? (sub.default_payment_method as string | null),
        null,
      );
      sub.latest_invoice = inv.id;
      sub.status = inv.status === 'paid' ? 'active' : 'past_due';
      emit('customer.subscription.updated', sub);
    },
    async deliver(list) {
      const batch = list ?? events.slice(delivered);
      if (!list) delivered = events.length;
      const statuses: number[] = [];
      for (const event of batch) statuses.push(await options.deliverTo(event.payload, sign(event.payload)));
      return statuses;
    },
    sign,
    object: (id) => store.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

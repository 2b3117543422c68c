import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, automaticPurchaseCrossings, automaticPurchases, creditLedger, stripeEvents, users } from '../src/db/schema.ts';
import { setAccountPlan } from '../src/modules/billing/plan-grants.ts';
import { runRefills } from '../src/modules/credits/refill.ts';
import { type ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { castPersonas } from './helpers/personas.ts';
import { seededShuffle, startLaurelWithStripe } from './helpers/stripe-laurel.ts';
import type { StandInEvent, StripeStandIn } from './helpers/stripe-stand-in.ts';

/**
 * The Stripe contract suite: the product against a local stand-in of Stripe's API, with webhooks
 * signed as Stripe signs them. One account plays the whole story with each event delivered as it
 * happens; a second plays the same story with every event held back, then receives them all twice in
 * a shuffled order: both must end with the same ledger and the same account state.
 */

let laurel: TestLaurel;
let stripe: StripeStandIn;

beforeAll(async () => {
  ({ laurel, stripe } = await startLaurelWithStripe());
});
afterAll(async () => {
  await laurel?.close();
  await stripe?.close();
});

async function accountRow(id: number) {
  const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

/** What the comparison looks at: balances, plan state, sets, and the ledger's entries without their ids. */
async function endState(id: number) {
  const a = await accountRow(id);
  const ledger = await laurel.context.db.select().from(creditLedger).where(eq(creditLedger.account_id, id));
  return {
    credits: a.credits,
    subscription_credits: a.subscription_credits,
    stripe_active: a.stripe_active,
    stripe_plan: a.stripe_plan,
    subscription_in_pending: a.subscription_in_pending,
    allowed_sets: a.allowed_sets,
    billing_error: a.billing_error,
    ledger: ledger.map((l) => `${l.kind}:${l.bucket}:${l.delta}`).sort(),
  };
}

/** Follows the checkout redirect as the signed-in browser's request; answers the Location. */
async function checkout(client: ApiClient, query: string): Promise<string> {
  const response = await client.get(`/api/accounts/checkout-session?${query}`);
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

const sessionIdOf = (location: string) => {
  expect(location.startsWith(`${stripe.url}/checkout/`)).toBe(true);
  return location.slice(`${stripe.url}/checkout/`.length);
};

/**
 * The ordered run's story, with every event held back: subscribe to Basic, a renewal, upgrade to
 * Professional, downgrade to Advanced and renew, a declined renewal, cancel, buy pay-as-you-go credits
 * and certificate sets. The product reads Stripe, not its own copy, so no step waits on a webhook.
 */
async function playStory(client: ApiClient, accountId: number) {
  await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=subscription&subscription=basic-monthly-3')));
  const customer = (await accountRow(accountId)).stripe_id!;
  stripe.renew(subscriptionOf(customer));
  expect(await checkout(client, 'purchase_type=subscription&subscription=professional-monthly-3')).toMatch(/changed=/);
  expect(await checkout(client, 'purchase_type=subscription&subscription=advanced-monthly-3')).toMatch(/changed=/);
  stripe.renew(subscriptionOf(customer));
  const declining = stripe.createPaymentMethod({ declines: true, last4: '0002' });
  expect((await client.post(`/api/accounts/${accountId}/billing`, { token: declining, name: 'Ada Lovelace' })).statusCode).toBe(200);
  stripe.renew(subscriptionOf(customer));
  expect((await client.delete(`/api/accounts/${accountId}/subscriptions`)).statusCode).toBe(200);
  await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=payg&payg_credits=250&quantity=2')));
  await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=certificate_set&certsets=2')));
}

function subscriptionOf(customer: string): string {
  const found = stripe.events
    .map((e) => JSON.parse(e.payload) as { type: string; data: { object: { id: string; customer: string } } })
    .find((e) => e.type === 'customer.subscription.created' && e.data.object.customer === customer);
  if (!found) throw new Error('no subscription yet');
  return found.data.object.id;
}

describe('Stripe billing', () => {
  let ordered: Awaited<ReturnType<typeof endState>>;
  let orderedAccount = 0;
  let orderedEvents: StandInEvent[] = [];

  it('subscribes, refills by invoice, upgrades, downgrades, survives a declined card, cancels, and sells credits and sets', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const start = await accountRow(id);
    expect(start.subscription_credits).toBe(50);
    const from = stripe.events.length;

    const subscribe = await checkout(client, 'purchase_type=subscription&subscription=basic-monthly-3');
    expect((await accountRow(id)).stripe_id).toMatch(/^cus_/);
    await stripe.completeCheckout(sessionIdOf(subscribe));
    expect(await stripe.deliver()).toEqual(expect.arrayContaining([200]));
    let row = await accountRow(id);
    // The first paid invoice starts a period: the Free month's credits lapse, the plan's arrive.
    expect(row).toMatchObject({ stripe_active: true, stripe_plan: 'basic-monthly-3', subscription_credits: 150 });

    // Every later step, delivered as it happens.
    const customer = row.stripe_id!;
    stripe.renew(subscriptionOf(customer));
    await stripe.deliver();
    // A renewal is a new period: what was left of the last one lapses (subscription credits do not pile up).
    expect((await accountRow(id)).subscription_credits).toBe(150);

    expect(await checkout(client, 'purchase_type=subscription&subscription=professional-monthly-3')).toBe(
      '/account/subscription?changed=professional-monthly-3',
    );
    await stripe.deliver();
    row = await accountRow(id);
    // The upgrade's invoice brings the difference within the period: 500 − 150.
    expect(row).toMatchObject({ stripe_plan: 'professional-monthly-3', subscription_credits: 500 });

    expect(await checkout(client, 'purchase_type=subscription&subscription=advanced-monthly-3')).toBe(
      '/account/subscription?changed=advanced-monthly-3',
    );
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ stripe_plan: 'advanced-monthly-3', subscription_credits: 500 });
    stripe.renew(subscriptionOf(customer));
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(250);

    const declining = stripe.createPaymentMethod({ declines: true, last4: '0002' });
    const added = await client.post(`/api/accounts/${id}/billing`, { token: declining, name: 'Ada Lovelace', address_country: 'US' });
    expect(added.statusCode).toBe(200);
    expect(added.json().card).toMatchObject({ last4: '0002', brand: 'visa', name: 'Ada Lovelace', address_country: 'US' });
    expect(JSON.stringify(added.json())).not.toMatch(/number/);
    stripe.renew(subscriptionOf(customer));
    await stripe.deliver();
    row = await accountRow(id);
    expect(row).toMatchObject({ subscription_in_pending: true, subscription_credits: 250, billing_error: 'Your card was declined.' });
    // The stored error is shown once.
    expect((await client.get(`/api/accounts/${id}/billing`)).json().billing_error).toBe('Your card was declined.');
    expect((await client.get(`/api/accounts/${id}/billing`)).json().billing_error).toBeNull();

    const cancelled = await client.delete(`/api/accounts/${id}/subscriptions`);
    expect(cancelled.json()).toMatchObject({ success: true });
    expect(await accountRow(id)).toMatchObject({ stripe_active: false, stripe_plan: null, subscription_in_pending: false });
    await stripe.deliver();
    expect((await client.get('/api/accounts/account-subscription')).json()).toEqual({ payments: true, subscription: null });

    const payg = await checkout(client, 'purchase_type=payg&payg_credits=250&quantity=2');
    const paygSession = sessionIdOf(payg);
    expect(stripe.object(paygSession)).toMatchObject({ amount_total: 7800, mode: 'payment' });
    await stripe.completeCheckout(paygSession);
    await stripe.deliver();
    expect((await accountRow(id)).credits).toBe(500);

    const sets = await checkout(client, 'purchase_type=certificate_set&certsets=2');
    expect(stripe.object(sessionIdOf(sets))).toMatchObject({ amount_total: 5800 });
    await stripe.completeCheckout(sessionIdOf(sets));
    await stripe.deliver();
    expect((await accountRow(id)).allowed_sets).toBe(start.allowed_sets + 2);

    const invoices = (await client.get('/api/account/invoices')).json().invoices as {
      status: string;
      amount: number;
      invoice_pdf: string;
    }[];
    expect(invoices.length).toBe(7);
    expect(invoices.filter((i) => i.status === 'open')).toHaveLength(1);
    expect(invoices[0]!.invoice_pdf).toMatch(/\.pdf$/);
    ordered = await endState(id);
    // One rule for subscription credits: each period's invoice lapses what is left and grants the plan's.
    expect(ordered.ledger).toEqual(
      [
        'free_monthly:subscription:50',
        'subscription_lapse:subscription:-50',
        'subscription_invoice:subscription:150',
        'subscription_lapse:subscription:-150',
        'subscription_invoice:subscription:150',
        'subscription_invoice:subscription:350',
        'subscription_lapse:subscription:-500',
        'subscription_invoice:subscription:250',
        'purchase:payg:500',
      ].sort(),
    );
    orderedAccount = id;
    orderedEvents = stripe.events.slice(from);
  });

  it('changes nothing when the ordered run’s events all arrive again, twice and shuffled', async () => {
    const replays = seededShuffle([...orderedEvents, ...orderedEvents], 7);
    const statuses = await stripe.deliver(replays);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await endState(orderedAccount)).toEqual(ordered);
  });

  it('ends exactly as the ordered run when the events arrive only twice and in shuffled order', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const from = stripe.events.length;
    await playStory(client, id);
    const mine = stripe.events.slice(from);
    const statuses = await stripe.deliver(seededShuffle([...mine, ...mine], 1234));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await endState(id)).toEqual(ordered);
    expect((await accountRow(id)).subscription_credits).toBe(250);
    const handled = await laurel.context.db.select().from(stripeEvents).where(eq(stripeEvents.account_id, id));
    expect(handled.length).toBeGreaterThan(10);
  });

  it('refuses an event whose signature does not match', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_x' } } });
    const response = await laurel.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { host: 'laurel.test', 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, 'whsec_wrong') },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('The Stripe signature does not match this request.');
    expect(await laurel.context.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('looks up coupons and promotion codes', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    stripe.addCoupon({ id: 'SPRING25', percent_off: 25, duration: 'once', promotion_code: 'HELLO25' });
    expect((await client.get(`/api/accounts/${user.account!.id}/coupon/SPRING25`)).json()).toEqual({
      valid: true,
      percent_off: 25,
      duration: 'once',
    });
    expect((await client.get(`/api/accounts/${user.account!.id}/coupon/HELLO25`)).json()).toMatchObject({ valid: true, percent_off: 25 });
    expect((await client.get(`/api/accounts/${user.account!.id}/coupon/NOPE`)).json()).toEqual({
      valid: false,
      percent_off: null,
      duration: null,
    });
    // A coupon given at checkout is on the session.
    const location = await checkout(client, 'purchase_type=payg&payg_credits=150&quantity=1&coupon=SPRING25');
    expect(stripe.object(sessionIdOf(location))).toMatchObject({ discounts: [{ coupon: 'SPRING25' }] });
  });

  it('gives a subscriber one period of credits over three paid invoices, and the refill job leaves it to Stripe', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=subscription&subscription=basic-monthly-3')));
    const customer = (await accountRow(id)).stripe_id!;
    const [member] = await laurel.context.db
      .insert(users)
      .values({
        account_id: id,
        email: `auto-refill.${id}@example.com`,
        username: `auto-refill.${id}@example.com`,
        roles: ['account_user'],
        auto_refill_credits: true,
        refill_credits: 30,
        allocated_credits: 4,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning();
    stripe.renew(subscriptionOf(customer));
    stripe.renew(subscriptionOf(customer));
    await stripe.deliver();
    const row = await accountRow(id);
    expect(row).toMatchObject({ subscription_credits: 150, stripe_subscription_id: subscriptionOf(customer) });
    // A sub-user on auto-refill gets their allocation back with each period, as the refill job gives it.
    const [refilled] = await laurel.context.db.select().from(users).where(eq(users.id, member!.id));
    expect(refilled!.allocated_credits).toBe(30);
    const grants = await runRefills(laurel.context);
    expect(grants.map((g) => g.account_id)).not.toContain(id);
    expect((await accountRow(id)).subscription_credits).toBe(150);
  });

  it('ends the pending state when the declined invoice is paid, from the invoice event alone', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=subscription&subscription=advanced-monthly-3')));
    await stripe.deliver();
    const customer = (await accountRow(id)).stripe_id!;
    const declining = stripe.createPaymentMethod({ declines: true, last4: '0002' });
    expect((await client.post(`/api/accounts/${id}/billing`, { token: declining })).statusCode).toBe(200);
    stripe.renew(subscriptionOf(customer));
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ stripe_active: true, subscription_in_pending: true });
    expect((await client.get('/api/auth/current')).json().account.plan.features).toMatchObject({ custom_fonts: false });

    // A working card, and the open invoice is paid (Stripe's retry): the subscription is active again.
    expect((await client.post(`/api/accounts/${id}/billing`, { token: stripe.createPaymentMethod({ last4: '4242' }) })).statusCode).toBe(
      200,
    );
    const open = (stripe.object(subscriptionOf(customer))!.latest_invoice as string)!;
    stripe.payInvoice(open);
    const paid = stripe.events.filter((e) => e.type === 'invoice.paid' && JSON.parse(e.payload).data.object.id === open);
    // Only the invoice's event comes (the subscription's is late): it is enough.
    expect(await stripe.deliver(paid)).toEqual([200]);
    expect(await accountRow(id)).toMatchObject({ stripe_active: true, subscription_in_pending: false, subscription_credits: 250 });
    expect((await client.get('/api/auth/current')).json().account.plan.features).toMatchObject({ custom_fonts: true });
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ subscription_in_pending: false, subscription_credits: 250 });
  });

  it('refills an account that has a Stripe customer but no subscription, such as a plan granted by hand', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    await stripe.completeCheckout(sessionIdOf(await checkout(client, 'purchase_type=payg&payg_credits=150&quantity=1')));
    await stripe.deliver();
    expect((await accountRow(id)).stripe_id).toMatch(/^cus_/);
    const [root] = await laurel.context.db.select().from(users).where(eq(users.email, 'root@laurel.test'));
    const granted = await setAccountPlan(laurel.context, { id: root!.id, ip: '127.0.0.1' }, id, 'advanced-monthly-3');
    expect(granted.stripe_plan).toBe('advanced-monthly-3');
    // The plan's first month arrives at once; the Free month's credits lapse.
    expect(await accountRow(id)).toMatchObject({ subscription_credits: 250, credits: 150 });
  });

  it('buys one pack when a send crosses the threshold, off the request, once per crossing', async () => {
    const { admin, accountId: id, setId } = await issuerWithCertificate(laurel, { credits: 1, name: 'Automatic' });
    const client = admin.client;
    const card = stripe.createPaymentMethod({ last4: '4242' });
    expect((await client.post(`/api/accounts/${id}/billing`, { token: card })).statusCode).toBe(200);
    const saved = await client.call('PUT', `/api/accounts/${id}/automatic-purchases`, { enabled: true, credits: 150, threshold: 48 });
    expect(saved.json()).toMatchObject({ enabled: true, credits: 150, threshold: 48, available_credits: 51 });
    const intentsBefore = stripe.events.filter((e) => e.type === 'payment_intent.succeeded').length;

    const send = async (title: string, count: number) => {
      const rows = Array.from({ length: count }, (_, i) => ({
        FIRST_NAME: 'Ada',
        LAST_NAME: `Auto${i}`,
        'Email Address': `${title.toLowerCase()}.${i}@example.com`,
      }));
      const project = await client.post('/api/projects', { title, certificate_id: setId, recipients: rows });
      expect(project.statusCode).toBe(200);
      const sent = await client.post(`/api/projects/${project.json().id}/send-emails`, { sender_name: 'Automatic' });
      expect(sent.json()).toMatchObject({ success: true, queued: count });
    };
    const crossings = () =>
      laurel.context.db.select().from(automaticPurchaseCrossings).where(eq(automaticPurchaseCrossings.account_id, id));

    await send('Above', 2); // 49 left: at or over 48, nothing to buy
    expect(await crossings()).toHaveLength(0);
    await send('Under', 2); // 47: the crossing
    await send('Still', 1); // 46: the same crossing
    let rows = await crossings();
    expect(rows).toHaveLength(1);
    // The charge is the job's: it runs after the send answered.
    for (let i = 0; i < 100 && rows[0]!.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await crossings();
    }
    expect(rows[0]).toMatchObject({ credits: 150, amount_cents: 2400, status: 'charged' });
    expect(stripe.events.filter((e) => e.type === 'payment_intent.succeeded').length - intentsBefore).toBe(1);
    const [job] = await laurel.context.db
      .execute(
        sql`select count(*)::int as n from pgboss.job where name = 'billing.automatic-purchase' and singleton_key = ${`automatic-purchase:${rows[0]!.id}`}`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(job!.n).toBe(1);

    await stripe.deliver();
    const afterPurchase = await accountRow(id);
    expect(afterPurchase.credits + afterPurchase.subscription_credits).toBeGreaterThanOrEqual(150);
    const bought = await laurel.context.db.select().from(creditLedger).where(eq(creditLedger.account_id, id));
    expect(bought.filter((l) => l.kind === 'automatic_purchase').map((l) => l.delta)).toEqual([150]);
    await stripe.deliver(stripe.events.slice(-5));
    expect(
      (await laurel.context.db.select().from(creditLedger).where(eq(creditLedger.account_id, id))).filter(
        (l) => l.kind === 'automatic_purchase',
      ),
    ).toHaveLength(1);
    // Credits came back over the threshold: armed again for the next fall.
    const [setting] = await laurel.context.db.select().from(automaticPurchases).where(eq(automaticPurchases.account_id, id));
    expect(setting!.armed).toBe(true);
  });

  it('lets only the account admin manage billing', async () => {
    const cast = await castPersonas(laurel);
    const path = `/api/accounts/${cast.accountId}/billing`;
    expect((await cast.clients.anonymous.get(path)).statusCode).toBe(401);
    expect((await cast.clients.sub_send.get(path)).statusCode).toBe(403);
    expect((await cast.clients.other_admin.get(path)).statusCode).toBe(404);
    expect((await cast.clients.other_admin.delete(`/api/accounts/${cast.accountId}/subscriptions`)).statusCode).toBe(404);
    expect((await cast.clients.sub_send.get('/api/account/invoices')).statusCode).toBe(403);
    const own = await cast.clients.account_admin.get(path);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ payments: true, card: null });
  });

  it('sends a browser without the session header to the page that asks for the address, and billing-portal needs a customer', async () => {
    const anonymous = await laurel.app.inject({
      method: 'GET',
      url: '/api/accounts/checkout-session?purchase_type=payg&payg_credits=150&quantity=1',
      headers: { host: 'laurel.test' },
    });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(
      '/account/billing-redirect?target=checkout-session&purchase_type=payg&payg_credits=150&quantity=1',
    );
    const { client } = await registerConfirmedAdmin(laurel);
    const portal = await client.get('/api/accounts/billing-portal');
    expect(portal.headers.location).toBe('/account/subscription?error=no-customer');
    await checkout(client, 'purchase_type=payg&payg_credits=150&quantity=1');
    const again = await client.get('/api/accounts/billing-portal');
    expect(again.headers.location).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const bridged = await client.post('/api/accounts/billing-redirects', { target: 'update-billing-information' });
    expect(bridged.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
  });
});

describe('without Stripe', () => {
  let bare: TestLaurel;
  beforeAll(async () => {
    bare = await startTestLaurel();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says that card payments are not set up', async () => {
    const { client, user } = await registerConfirmedAdmin(bare);
    const response = await client.get('/api/accounts/checkout-session?purchase_type=subscription&subscription=basic-monthly-3');
    expect(response.headers.location).toBe('/account/subscription?error=no-payments');
    expect((await client.get(`/api/accounts/${user.account!.id}/billing`)).json()).toMatchObject({ payments: false, card: null });
    expect((await client.delete(`/api/accounts/${user.account!.id}/billing`)).statusCode).toBe(503);
  });
});

import { PROMO_MESSAGES } from '@laurel/domain';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, creditLedger, promoCodeHolds, promoCodes } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { startLaurelWithStripe } from './helpers/stripe-laurel.ts';
import type { StripeStandIn } from './helpers/stripe-stand-in.ts';

/** Promo codes: the super-admin's list and changes, and each code used where it counts, once. */

async function superAdmin(laurel: TestLaurel): Promise<ApiClient> {
  const client = new ApiClient(laurel);
  const signedIn = await client.login('root@laurel.test', 'correct horse battery staple');
  expect(signedIn.statusCode).toBe(200);
  return client;
}

const accountOf = async (laurel: TestLaurel, id: number) =>
  (await laurel.context.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const usedCount = async (laurel: TestLaurel, id: number) =>
  (await laurel.context.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]?.used_count;

describe('promo codes without card payments', () => {
  let laurel: TestLaurel;
  let root: ApiClient;
  beforeAll(async () => {
    laurel = await startTestLaurel();
    root = await superAdmin(laurel);
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('is for super-admins only', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const anonymous = new ApiClient(laurel);
    expect((await anonymous.get('/api/promo-codes')).statusCode).toBe(401);
    expect((await admin.client.get('/api/promo-codes')).statusCode).toBe(403);
    expect((await admin.client.post('/api/promo-codes', { name: 'Mine', type: 'first-time-registering', amount: 500 })).statusCode).toBe(
      403,
    );
    expect((await admin.client.call('PUT', '/api/promo-codes/trigger-status/1')).statusCode).toBe(403);
    expect((await admin.client.delete('/api/promo-codes/1')).statusCode).toBe(403);
  });

  it('creates, validates, lists with filters, sorting and paging, edits, toggles and deletes, auditing each change', async () => {
    const created = await root.post('/api/promo-codes', {
      name: 'Spring fair',
      type: 'first-time-registering',
      amount: 40,
      usage_limit: 3,
    });
    expect(created.statusCode).toBe(200);
    const spring = created.json();
    // docs/product/billing-and-credits.md#rules-and-limits: an id-based prefix, a dash and 10 random letters or digits, upper case.
    expect(spring).toMatchObject({ name: 'Spring fair', amount: 40, used_count: 0, usage_limit: 3, is_active: true, expire_date: null });
    expect(spring.promo_value).toMatch(new RegExp(`^P${spring.id}-[A-Z0-9]{10}$`));

    const refused = async (body: object, field: string, message: string) => {
      const response = await root.post('/api/promo-codes', { name: 'X', type: 'percentage', amount: 10, ...body });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, message });
    };
    await refused({ name: '' }, 'name', PROMO_MESSAGES.nameRequired);
    await refused({ amount: 120 }, 'amount', PROMO_MESSAGES.percentageRange);
    await refused({ amount: 0 }, 'amount', PROMO_MESSAGES.amountRequired);
    await refused({ usage_limit: 0 }, 'usage_limit', PROMO_MESSAGES.usageLimit);
    await refused({ expire_date: '2020-01-01' }, 'expire_date', PROMO_MESSAGES.expirePast);
    await refused({ expire_date: '2031-02-30' }, 'expire_date', PROMO_MESSAGES.expireDate);
    await refused({ promo_value: 'no spaces!' }, 'promo_value', PROMO_MESSAGES.valueFormat);
    await refused({ promo_value: spring.promo_value.toLowerCase() }, 'promo_value', PROMO_MESSAGES.valueTaken);

    const summer = (
      await root.post('/api/promo-codes', {
        name: 'Summer sale',
        promo_value: 'summer-20',
        type: 'percentage',
        amount: 20,
        expire_date: '2099-06-30',
      })
    ).json();
    expect(summer).toMatchObject({ promo_value: 'SUMMER-20', expire_date: '2099-06-30' });

    const list = async (query: string) => (await root.get(`/api/promo-codes?${query}`)).json();
    expect((await list('search=summer')).promo_codes.map((p: { id: number }) => p.id)).toEqual([summer.id]);
    expect((await list('type=percentage&search=SUMMER-20')).count).toBe(1);
    const byName = await list('sort=name&limit=100');
    const names = byName.promo_codes.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort());
    const page = await list('limit=1&offset=0&sort=newest');
    expect(page.promo_codes).toHaveLength(1);
    expect(page.count).toBeGreaterThanOrEqual(2);

    const edited = await root.call('PUT', `/api/promo-codes/${summer.id}`, {
      name: 'Summer sale',
      promo_value: 'SUMMER-25',
      type: 'percentage',
      amount: 25,
    });
    expect(edited.json()).toMatchObject({ promo_value: 'SUMMER-25', amount: 25, expire_date: null });
    const off = await root.call('PUT', `/api/promo-codes/trigger-status/${summer.id}`);
    expect(off.json().is_active).toBe(false);
    expect((await list('status=inactive&search=SUMMER-25')).count).toBe(1);
    expect((await root.delete(`/api/promo-codes/${summer.id}`)).json()).toMatchObject({ success: true });
    expect((await root.delete(`/api/promo-codes/${summer.id}`)).statusCode).toBe(404);

    const actions = (
      await laurel.context.db.select().from(auditLog).where(like(auditLog.action, 'promo_code.%')).orderBy(desc(auditLog.id))
    ).map((a) => a.action);
    expect(actions.slice(0, 5)).toEqual([
      'promo_code.deleted',
      'promo_code.status_changed',
      'promo_code.updated',
      'promo_code.created',
      'promo_code.created',
    ]);
  });

  it('gives a first-time-registering code’s credits once per account, counts each use, enforces the limit and keeps credits when deleted', async () => {
    const code = (
      await root.post('/api/promo-codes', {
        name: 'Two only',
        promo_value: 'TWO-ONLY',
        type: 'first-time-registering',
        amount: 75,
        usage_limit: 2,
      })
    ).json();
    const first = await registerConfirmedAdmin(laurel, { promo_code: 'two-only' });
    const id = first.user.account!.id;
    const account = await accountOf(laurel, id);
    expect(account).toMatchObject({ credits: 75, subscription_credits: 50, promo_code: 'TWO-ONLY' });
    const ledger = await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.account_id, id), eq(creditLedger.kind, 'promo_code')));
    expect(ledger.map((l) => [l.delta, l.reference])).toEqual([[75, `promo:${id}`]]);
    expect(await usedCount(laurel, code.id)).toBe(1);

    await registerConfirmedAdmin(laurel, { promo_code: 'TWO-ONLY' });
    expect(await usedCount(laurel, code.id)).toBe(2);
    const listed = (await root.get('/api/promo-codes?search=TWO-ONLY')).json();
    expect(listed.promo_codes[0]).toMatchObject({ used_count: 2, usage_limit: 2 });

    // Used up: the third sign-up is refused and nothing is written.
    const third = await new ApiClient(laurel).post('/api/registration/account', {
      email: 'third.promo@example.com',
      first_name: 'Third',
      last_name: 'Person',
      account_name: 'Third Person',
      url: `third${Date.now().toString(36)}`,
      promo_code: 'TWO-ONLY',
    });
    expect(third.statusCode).toBe(400);
    expect(errorOf(third)).toMatchObject({ field: 'promo_code', message: 'This Promo Code has been used up.' });
    expect(await usedCount(laurel, code.id)).toBe(2);

    expect((await root.delete(`/api/promo-codes/${code.id}`)).statusCode).toBe(200);
    expect((await accountOf(laurel, id)).credits).toBe(75);

    // An expired code is refused when it is used.
    await laurel.context.db.insert(promoCodes).values({
      name: 'Old',
      promo_value: 'OLD-CODE',
      type: 'first-time-registering',
      amount: 10,
      expire_date: new Date('2020-01-01T23:59:59Z'),
    });
    const late = await new ApiClient(laurel).post('/api/registration/account', {
      email: 'late.promo@example.com',
      first_name: 'Late',
      last_name: 'Comer',
      account_name: 'Late Comer',
      url: `late${Date.now().toString(36)}`,
      promo_code: 'old-code',
    });
    expect(errorOf(late)).toMatchObject({ field: 'promo_code', message: 'This Promo Code has expired.' });
  });

  it('names a percentage code on the request to the operator, and refuses one that cannot be used', async () => {
    await root.post('/api/promo-codes', { name: 'Operators', promo_value: 'OPS-15', type: 'percentage', amount: 15 });
    const admin = await registerConfirmedAdmin(laurel);
    const asked = await admin.client.post('/api/accounts/purchase-request', {
      purchase_type: 'subscription',
      subscription: 'professional-monthly-3',
      promo_code: 'ops-15',
    });
    expect(asked.statusCode).toBe(200);
    const mail = await laurel.lastMailTo('root@laurel.test');
    expect(mail.text).toContain('the Professional Monthly plan (500 credits a month, $49.00 a month, promo code OPS-15: 15% off)');
    const wrong = await admin.client.post('/api/accounts/purchase-request', {
      purchase_type: 'payg',
      payg_credits: 250,
      promo_code: 'NOPE',
    });
    expect(wrong.statusCode).toBe(200);
    await laurel.context.db.update(promoCodes).set({ is_active: false }).where(eq(promoCodes.promo_value, 'OPS-15'));
    const off = await admin.client.post('/api/accounts/purchase-request', {
      purchase_type: 'payg',
      payg_credits: 250,
      promo_code: 'OPS-15',
    });
    expect(off.statusCode).toBe(400);
  });
});

describe('a percentage promo code at Stripe checkout', () => {
  let laurel: TestLaurel;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    ({ laurel, stripe } = await startLaurelWithStripe());
  });
  afterAll(async () => {
    await laurel?.close();
    await stripe?.close();
  });

  it('becomes a Stripe coupon on the session (created once, then reused) and counts one use per paid checkout', async () => {
    const root = await superAdmin(laurel);
    const code = (
      await root.post('/api/promo-codes', { name: 'Quarter off', promo_value: 'QUARTER', type: 'percentage', amount: 25 })
    ).json();
    const admin = await registerConfirmedAdmin(laurel);
    const go = async (query: string) => {
      const response = await admin.client.get(`/api/accounts/checkout-session?${query}`);
      expect(response.statusCode).toBe(302);
      return response.headers.location as string;
    };
    const location = await go('purchase_type=payg&payg_credits=250&quantity=1&promo_code=quarter');
    const sessionId = location.slice(`${stripe.url}/checkout/`.length);
    const coupon = `laurel-promo-${code.id}-25`;
    expect(stripe.object(sessionId)).toMatchObject({ discounts: [{ coupon }], metadata: { promo_code_id: String(code.id) } });
    expect(stripe.object(coupon)).toMatchObject({ percent_off: 25, duration: 'once' });
    const again = await go('purchase_type=certificate_set&certsets=1&promo_code=QUARTER');
    expect(stripe.object(again.slice(`${stripe.url}/checkout/`.length))).toMatchObject({ discounts: [{ coupon }] });
    expect((await laurel.context.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0]!.coupon_id).toBe(coupon);

    // Nothing counted until a checkout is paid; then once, however often its events come.
    expect(await usedCount(laurel, code.id)).toBe(0);
    await stripe.completeCheckout(sessionId);
    await stripe.deliver();
    await stripe.deliver(stripe.events.slice(-4));
    expect(await usedCount(laurel, code.id)).toBe(1);
    expect((await accountOf(laurel, admin.user.account!.id)).credits).toBe(250);

    // A code that cannot be used sends the browser back with the reason's key instead of charging full price.
    await root.call('PUT', `/api/promo-codes/trigger-status/${code.id}`);
    expect(await go('purchase_type=payg&payg_credits=250&quantity=1&promo_code=QUARTER')).toBe('/account/subscription?error=invalid-promo');
  });

  /** Opens a checkout as the account's admin; answers where the browser goes. */
  const open = async (client: ApiClient, query: string) => {
    const response = await client.get(`/api/accounts/checkout-session?${query}`);
    expect(response.statusCode).toBe(302);
    return response.headers.location as string;
  };
  const sessionOf = (location: string) => {
    expect(location.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    return location.slice(`${stripe.url}/checkout/`.length);
  };

  it('gives a one-use code to one of three checkouts opened before any is paid, and never counts more uses than its limit', async () => {
    const root = await superAdmin(laurel);
    const code = (
      await root.post('/api/promo-codes', { name: 'Once', promo_value: 'ONCE-20', type: 'percentage', amount: 20, usage_limit: 1 })
    ).json();
    const [first, second, third] = [
      await registerConfirmedAdmin(laurel),
      await registerConfirmedAdmin(laurel),
      await registerConfirmedAdmin(laurel),
    ];
    const query = 'purchase_type=payg&payg_credits=250&quantity=1&promo_code=once-20';
    const opened = sessionOf(await open(first.client, query));
    expect(stripe.object(opened)).toMatchObject({ amount_total: 3120, total_details: { amount_discount: 780 } });
    // The use is held for the open checkout: the others are told the code is used up and nothing is charged.
    expect(await open(second.client, query)).toBe('/account/subscription?error=promo-used-up');
    expect(await open(third.client, query)).toBe('/account/subscription?error=promo-used-up');
    expect(await open(first.client, query)).toBe('/account/subscription?error=promo-used-up');

    await stripe.completeCheckout(opened);
    await stripe.deliver();
    await stripe.deliver(stripe.events.slice(-3));
    expect(await usedCount(laurel, code.id)).toBe(1);
    expect((await accountOf(laurel, first.user.account!.id)).credits).toBe(250);
    const listed = (await root.get('/api/promo-codes?search=ONCE-20')).json();
    expect(listed.promo_codes[0]).toMatchObject({ used_count: 1, usage_limit: 1 });
    // Spent: still refused, and without a discount nobody is charged for the code.
    expect(await open(second.client, query)).toBe('/account/subscription?error=promo-used-up');
    expect(await usedCount(laurel, code.id)).toBe(1);
  });

  it('gives a held use back when its checkout expires, by the event or, when none came, by reading the session', async () => {
    const root = await superAdmin(laurel);
    const code = (
      await root.post('/api/promo-codes', { name: 'Back', promo_value: 'BACK-10', type: 'percentage', amount: 10, usage_limit: 1 })
    ).json();
    const a = await registerConfirmedAdmin(laurel);
    const b = await registerConfirmedAdmin(laurel);
    const query = 'purchase_type=certificate_set&certsets=1&promo_code=BACK-10';

    const abandoned = sessionOf(await open(a.client, query));
    expect(await open(b.client, query)).toBe('/account/subscription?error=promo-used-up');
    stripe.expireCheckout(abandoned);
    await stripe.deliver();
    // Twice is once.
    await stripe.deliver(stripe.events.slice(-1));

    // The use came back: b's checkout holds it now. Its session expires too, but its event is lost.
    const lost = sessionOf(await open(b.client, query));
    expect(await open(a.client, query)).toBe('/account/subscription?error=promo-used-up');
    stripe.expireCheckout(lost);
    stripe.events.pop();
    // Past the hold's time, the next checkout reads the session from Stripe and finds it expired.
    await laurel.context.db
      .update(promoCodeHolds)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(promoCodeHolds.session_id, lost));
    const paid = sessionOf(await open(a.client, query));
    await stripe.completeCheckout(paid);
    await stripe.deliver();
    expect(await usedCount(laurel, code.id)).toBe(1);
    const holds = await laurel.context.db.select().from(promoCodeHolds).where(eq(promoCodeHolds.promo_code_id, code.id));
    expect(holds.map((h) => h.status).sort()).toEqual(['released', 'released', 'used']);
  });

  it('fulfils a checkout a 100% code makes free: Stripe asks no payment and the purchase still arrives, once', async () => {
    const root = await superAdmin(laurel);
    const code = (await root.post('/api/promo-codes', { name: 'On us', promo_value: 'ON-US', type: 'percentage', amount: 100 })).json();
    const admin = await registerConfirmedAdmin(laurel);
    const id = admin.user.account!.id;
    const credits = sessionOf(await open(admin.client, 'purchase_type=payg&payg_credits=500&quantity=1&promo_code=ON-US'));
    expect(stripe.object(credits)).toMatchObject({ amount_total: 0 });
    await stripe.completeCheckout(credits);
    expect(stripe.object(credits)).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', payment_intent: null });
    const sets = sessionOf(await open(admin.client, 'purchase_type=certificate_set&certsets=2&promo_code=ON-US'));
    await stripe.completeCheckout(sets);
    await stripe.deliver();
    await stripe.deliver(stripe.events.slice(-6));
    const account = await accountOf(laurel, id);
    expect(account).toMatchObject({ credits: 500, allowed_sets: 3 });
    const [purchase] = await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.account_id, id), eq(creditLedger.kind, 'purchase')));
    expect(purchase).toMatchObject({ delta: 500, amount_paid: 0, reference: `checkout:${credits}` });
    expect(await usedCount(laurel, code.id)).toBe(2);
  });
});

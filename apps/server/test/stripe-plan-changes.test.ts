import { findPlan } from '@laurel/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, creditLedger } from '../src/db/schema.ts';
import { type ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import type { TestLaurel } from './helpers/laurel.ts';
import { seededShuffle, startLaurelWithStripe } from './helpers/stripe-laurel.ts';
import type { StandInEvent, StripeStandIn } from './helpers/stripe-stand-in.ts';

/**
 * Plan changes within a period, against the Stripe stand-in, which prorates as Stripe does (each price
 * times the share of the period still to run). However often a subscriber goes down and up again, the
 * subscription credits a period grants never pass the highest plan paid for in it, an upgrade brings
 * credits for what it charged, and replayed or reordered events end with the same ledger.
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

const invoiceGrants = (id: number) =>
  laurel.context.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.account_id, id), like(creditLedger.reference, 'invoice:%'), eq(creditLedger.kind, 'subscription_invoice')))
    .orderBy(creditLedger.id);

async function choosePlan(client: ApiClient, plan: string): Promise<string> {
  const response = await client.get(`/api/accounts/checkout-session?purchase_type=subscription&subscription=${plan}`);
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

async function subscribe(client: ApiClient, accountId: number, plan: string): Promise<string> {
  const location = await choosePlan(client, plan);
  await stripe.completeCheckout(location.slice(`${stripe.url}/checkout/`.length));
  const customer = (await accountRow(accountId)).stripe_id!;
  const created = stripe.events
    .map((e) => JSON.parse(e.payload) as { type: string; data: { object: { id: string; customer: string } } })
    .find((e) => e.type === 'customer.subscription.created' && e.data.object.customer === customer);
  return created!.data.object.id;
}

type Invoice = {
  id: string;
  status: string;
  billing_reason: string;
  amount_paid: number;
  customer: string;
  lines: { data: { amount: number; pricing: { price_details: { price: string } } | null }[] };
};

/** The stand-in's paid subscription invoices of a customer, oldest first, grouped by period. */
function periodsOf(customer: string): Invoice[][] {
  const invoices = stripe.events
    .filter((e) => e.type === 'invoice.paid')
    .map((e) => (JSON.parse(e.payload) as { data: { object: Invoice } }).data.object)
    .filter((i) => i.customer === customer);
  const periods: Invoice[][] = [];
  for (const invoice of invoices) {
    if (invoice.billing_reason !== 'subscription_update') periods.push([]);
    periods[periods.length - 1]!.push(invoice);
  }
  return periods;
}

/** The highest monthly credits of a plan a period's invoices charged for. */
function ceilingOf(period: Invoice[]): number {
  let ceiling = 0;
  for (const invoice of period)
    for (const line of invoice.lines.data) {
      const price = line.pricing ? stripe.object(line.pricing.price_details.price) : undefined;
      const plan = findPlan(price?.lookup_key as string | undefined);
      if (plan && line.amount > 0) ceiling = Math.max(ceiling, plan.monthly_credits);
    }
  return ceiling;
}

/** No period granted more than its ceiling, by the ledger's grants of its invoices. */
async function expectEveryPeriodWithinItsCeiling(accountId: number, customer: string) {
  const grants = new Map((await invoiceGrants(accountId)).map((g) => [g.reference, g.delta]));
  for (const period of periodsOf(customer)) {
    const given = period.reduce((sum, i) => sum + (grants.get(`invoice:${i.id}`) ?? 0), 0);
    expect(given).toBeLessThanOrEqual(ceilingOf(period));
  }
}

describe('plan changes within a period', () => {
  it('grants nothing for going down and up again: Enterprise, then Basic and Enterprise three times with 3% of the month left', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const subscription = await subscribe(client, id, 'enterprise-monthly-3');
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ stripe_plan: 'enterprise-monthly-3', subscription_credits: 1000 });

    stripe.advance({ subscription, toPeriodShare: 0.97 });
    for (let cycle = 0; cycle < 3; cycle++) {
      expect(await choosePlan(client, 'basic-monthly-3')).toBe('/account/subscription?changed=basic-monthly-3');
      await stripe.deliver();
      expect(await choosePlan(client, 'enterprise-monthly-3')).toBe('/account/subscription?changed=enterprise-monthly-3');
      await stripe.deliver();
      expect((await accountRow(id)).subscription_credits).toBe(1000);
    }
    const customer = (await accountRow(id)).stripe_id!;
    const [period] = periodsOf(customer);
    // Each upgrade was charged for the 3% left: (79 − 19) × 0.03 = $1.80, three times.
    expect(period!.filter((i) => i.billing_reason === 'subscription_update').map((i) => i.amount_paid)).toEqual([180, 180, 180]);
    expect((await invoiceGrants(id)).map((g) => g.delta)).toEqual([1000]);

    // The next period starts afresh with the plan held then.
    stripe.renew(subscription);
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ stripe_plan: 'enterprise-monthly-3', subscription_credits: 1000 });
    await expectEveryPeriodWithinItsCeiling(id, customer);
  });

  it('gives an upgrade the credits of the time it paid for, capped by the highest plan paid for in the period', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const subscription = await subscribe(client, id, 'basic-monthly-3');
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(150);

    // Half the month left: Basic's unused half (−$9.50, −75 credits) and Enterprise's half ($39.50, +500 credits).
    stripe.advance({ subscription, toPeriodShare: 0.5 });
    await choosePlan(client, 'enterprise-monthly-3');
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(150 + 425);

    // Down to Basic (no refund, nothing granted), then up again with a quarter left: 212 more, still under 1,000.
    stripe.advance({ subscription, toPeriodShare: 0.75 });
    await choosePlan(client, 'basic-monthly-3');
    await choosePlan(client, 'enterprise-monthly-3');
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(575 + 212);

    // A sideways step to Professional and back up: the period's ceiling stays Enterprise's 1,000.
    stripe.advance({ subscription, toPeriodShare: 0.8 });
    for (const plan of ['professional-monthly-3', 'enterprise-monthly-3', 'advanced-monthly-3', 'enterprise-monthly-3'])
      await choosePlan(client, plan);
    await stripe.deliver();
    const row = await accountRow(id);
    // Professional to Enterprise with 20% left would bring 100, and Advanced to Enterprise 150: only 113 fit under 1,000.
    expect(row.subscription_credits).toBe(1000);
    expect((await invoiceGrants(id)).reduce((sum, g) => sum + g.delta, 0)).toBe(row.subscription_credits);
    await expectEveryPeriodWithinItsCeiling(id, row.stripe_id!);
  });

  it('ends with the same ledger when a long story of changes arrives twice, shuffled, as when it arrived step by step', async () => {
    // Plan and the share of the period at which it is chosen; "renew" starts the next period.
    const story: (readonly [string, number] | 'renew')[] = [
      ['basic-monthly-3', 0.1],
      ['enterprise-monthly-3', 0.2],
      ['basic-monthly-3', 0.3],
      ['enterprise-monthly-3', 0.5],
      ['advanced-monthly-3', 0.6],
      ['professional-monthly-3', 0.9],
      ['enterprise-monthly-3', 0.97],
      'renew',
      ['basic-monthly-3', 0.05],
      ['professional-monthly-3', 0.4],
      ['basic-monthly-3', 0.41],
      ['professional-monthly-3', 0.42],
      ['enterprise-monthly-3', 0.99],
      'renew',
    ];
    const play = async (deliverEachStep: boolean) => {
      const { client, user } = await registerConfirmedAdmin(laurel);
      const id = user.account!.id;
      const from = stripe.events.length;
      const subscription = await subscribe(client, id, 'advanced-monthly-3');
      if (deliverEachStep) await stripe.deliver();
      for (const step of story) {
        if (step === 'renew') stripe.renew(subscription);
        else {
          stripe.advance({ subscription, toPeriodShare: step[1] });
          expect(await choosePlan(client, step[0])).toBe(`/account/subscription?changed=${step[0]}`);
        }
        if (deliverEachStep) await stripe.deliver();
      }
      return { id, events: stripe.events.slice(from) };
    };
    const endState = async (id: number) => {
      const row = await accountRow(id);
      const ledger = await laurel.context.db.select().from(creditLedger).where(eq(creditLedger.account_id, id)).orderBy(creditLedger.id);
      return {
        subscription_credits: row.subscription_credits,
        stripe_plan: row.stripe_plan,
        ledger: ledger.map((l) => `${l.kind}:${l.delta}`),
      };
    };

    const ordered = await play(true);
    const expected = await endState(ordered.id);
    await expectEveryPeriodWithinItsCeiling(ordered.id, (await accountRow(ordered.id)).stripe_id!);
    expect(expected.stripe_plan).toBe('enterprise-monthly-3');
    expect(expected.subscription_credits).toBe(1000);

    const held = await play(false);
    const shuffled = seededShuffle([...held.events, ...held.events] as StandInEvent[], 99);
    expect((await stripe.deliver(shuffled)).every((s) => s === 200)).toBe(true);
    // The same story read in any order: the same grants, in the order Stripe made the invoices.
    expect(await endState(held.id)).toEqual(expected);
    await expectEveryPeriodWithinItsCeiling(held.id, (await accountRow(held.id)).stripe_id!);

    // And once more, everything of the first story again: nothing changes.
    expect((await stripe.deliver(seededShuffle(ordered.events, 5))).every((s) => s === 200)).toBe(true);
    expect(await endState(ordered.id)).toEqual(expected);
  });
});

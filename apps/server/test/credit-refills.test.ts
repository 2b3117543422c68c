import type { AccountDetails, RefillRunReply } from '@laurel/domain';
import { addCreditMonths } from '@laurel/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, creditLedger, users } from '../src/db/schema.ts';
import { refillJob } from '../src/modules/credits/index.ts';
import { debitCredits, ledgerBalances } from '../src/modules/credits/ledger.ts';
import { refillAccount } from '../src/modules/credits/refill.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { subUser } from './helpers/store-fixtures.ts';

/**
 * The monthly refill (docs/product/super-admin.md#rules-and-limits, docs/product/super-admin.md#calls trigger-refills): Pacific-time periods from the last
 * subscription change, one grant per period, subscription credits that lapse rather than pile up.
 */

// 12:00 PDT on 31 October 2026: the periods cross the end of daylight saving time and short months.
const START = new Date('2026-10-31T19:00:00Z');
const HOUR = 3_600_000;
const clock = new ManualClock(START);
let laurel: TestLaurel;

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
});
afterAll(async () => {
  await laurel?.close();
});

const moveTo = (date: Date) => clock.advance(date.getTime() - clock.now().getTime());

/** A super-admin signed in now (sessions end after 30 idle minutes of the test's clock). */
async function superAdmin(): Promise<ApiClient> {
  const client = new ApiClient(laurel);
  const login = await client.login('root@laurel.test', 'correct horse battery staple');
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

/** Runs the refill as a super-admin does and answers what it granted to one account. */
async function refill(accountId: number) {
  const response = await (await superAdmin()).get('/api/trigger-refills');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RefillRunReply>().grants.filter((g) => g.account_id === accountId);
}

async function balances(accountId: number) {
  const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
  return { payg: row!.credits, subscription: row!.subscription_credits };
}

async function refillRows(accountId: number) {
  return laurel.context.db
    .select({ kind: creditLedger.kind, delta: creditLedger.delta, reference: creditLedger.reference })
    .from(creditLedger)
    .where(and(eq(creditLedger.account_id, accountId), like(creditLedger.reference, 'refill:%')))
    .orderBy(asc(creditLedger.id));
}

const spend = (accountId: number, amount: number) =>
  laurel.context.db.transaction((tx) => debitCredits(tx as unknown as Db, { accountId, amount, kind: 'send', at: clock.now() }));

async function newAccount() {
  const admin = await registerConfirmedAdmin(laurel);
  return { ...admin, accountId: admin.user.account!.id };
}

async function accountAsAdmin(admin: { email: string; accountId: number }): Promise<AccountDetails> {
  const client = new ApiClient(laurel);
  expect((await client.login(admin.email, GOOD_PASSWORD)).statusCode).toBe(200);
  const response = await client.get(`/api/accounts/${admin.accountId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountDetails>();
}

describe('monthly credit refill', () => {
  it('gives a free account 50 credits a month in Pacific-time periods; what is left lapses', async () => {
    moveTo(START);
    const admin = await newAccount();
    const id = admin.accountId;
    // Registration grants period 0 under the reference the job uses, so the job does not grant it again.
    expect(await refillRows(id)).toEqual([{ kind: 'free_monthly', delta: 50, reference: `refill:${id}:0` }]);
    expect(await refill(id)).toEqual([]);
    // 12:00 PST on 30 November: November has no 31st, and daylight saving time has ended.
    expect((await accountAsAdmin(admin)).next_credit_date).toBe('2026-11-30T20:00:00.000Z');
    expect(admin.user.account!.next_credit_date).toBe('2026-11-30T20:00:00.000Z');

    await spend(id, 20);
    moveTo(new Date('2026-11-30T19:59:00Z'));
    expect(await refill(id)).toEqual([]);
    moveTo(new Date('2026-11-30T20:00:00Z'));
    expect(await refill(id)).toEqual([
      {
        account_id: id,
        period: 1,
        period_start: '2026-11-30T20:00:00.000Z',
        next_credit_date: '2026-12-31T20:00:00.000Z',
        credits: 50,
        lapsed: 30,
        users_refilled: 0,
      },
    ]);
    expect(await balances(id)).toEqual({ payg: 0, subscription: 50 });
    expect((await accountAsAdmin(admin)).next_credit_date).toBe('2026-12-31T20:00:00.000Z');

    // Back on the anchor's own day: 31 December, then 31 January.
    moveTo(new Date('2026-12-31T21:00:00Z'));
    expect((await refill(id)).map((g) => [g.period, g.credits, g.lapsed])).toEqual([[2, 50, 50]]);
    moveTo(new Date('2027-01-31T20:00:00Z'));
    expect((await refill(id)).map((g) => [g.period, g.credits, g.lapsed])).toEqual([[3, 50, 50]]);
    expect(await refill(id)).toEqual([]);

    expect((await refillRows(id)).map((r) => [r.kind, r.delta, r.reference])).toEqual([
      ['free_monthly', 50, `refill:${id}:0`],
      ['subscription_lapse', -30, `refill:${id}:1:lapse`],
      ['free_monthly', 50, `refill:${id}:1`],
      ['subscription_lapse', -50, `refill:${id}:2:lapse`],
      ['free_monthly', 50, `refill:${id}:2`],
      ['subscription_lapse', -50, `refill:${id}:3:lapse`],
      ['free_monthly', 50, `refill:${id}:3`],
    ]);
    // The ledger explains the balance; pay-as-you-go credits never lapse.
    expect(await ledgerBalances(laurel.context.db, id)).toEqual(await balances(id));
  });

  it("gives a plan account its plan's monthly credits from the subscription change, keeping pay-as-you-go credits", async () => {
    const admin = await newAccount();
    const id = admin.accountId;
    const subscribed = new Date(clock.now().getTime() + 5 * HOUR);
    moveTo(subscribed);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'professional-monthly-3', subscription_updated: subscribed, credits: 0 })
      .where(eq(accounts.id, id));
    await laurel.context.db
      .insert(creditLedger)
      .values({ account_id: id, bucket: 'payg', delta: 7, kind: 'purchase', created_at: subscribed });
    await laurel.context.db.update(accounts).set({ credits: 7 }).where(eq(accounts.id, id));

    // The new plan's first month, though period 0 of the account's creation was granted at registration.
    const [first] = await refill(id);
    expect(first).toMatchObject({ period: 0, credits: 500, lapsed: 50, period_start: subscribed.toISOString() });
    expect(await balances(id)).toEqual({ payg: 7, subscription: 500 });
    expect(await refill(id)).toEqual([]);
    expect((await accountAsAdmin(admin)).next_credit_date).toBe(addCreditMonths(subscribed, 1).toISOString());

    await spend(id, 100);
    moveTo(addCreditMonths(subscribed, 1));
    expect((await refill(id)).map((g) => [g.period, g.credits, g.lapsed])).toEqual([[1, 500, 400]]);
    expect(await balances(id)).toEqual({ payg: 7, subscription: 500 });
    expect(await ledgerBalances(laurel.context.db, id)).toEqual(await balances(id));
    const kinds = (await refillRows(id)).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'plan_monthly')).toHaveLength(2);
  });

  it('puts auto-refill sub-users’ allocations back to their refill, and leaves the others alone', async () => {
    const admin = await newAccount();
    const id = admin.accountId;
    const subscribed = clock.now();
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3', subscription_updated: subscribed })
      .where(eq(accounts.id, id));
    const refilled = await subUser(laurel, id, {
      allocated_credits: 20,
      original_allocated_credits: 150,
      auto_refill_credits: true,
      refill_credits: 150,
    });
    const fixed = await subUser(laurel, id, { allocated_credits: 5, original_allocated_credits: 40 });
    const unlimited = await subUser(laurel, id, { allocated_credits: -1 });
    const allocation = async (email: string) =>
      (await laurel.context.db.select().from(users).where(eq(users.email, email)))[0]!.allocated_credits;

    expect((await refill(id)).map((g) => [g.period, g.credits, g.users_refilled])).toEqual([[0, 1000, 1]]);
    expect(await allocation(refilled.email)).toBe(150);
    await laurel.context.db.update(users).set({ allocated_credits: 3 }).where(eq(users.email, refilled.email));
    // Not again within the period.
    expect(await refill(id)).toEqual([]);
    expect(await allocation(refilled.email)).toBe(3);

    moveTo(addCreditMonths(subscribed, 1));
    expect((await refill(id)).map((g) => [g.period, g.users_refilled])).toEqual([[1, 1]]);
    expect(await allocation(refilled.email)).toBe(150);
    expect(await allocation(fixed.email)).toBe(5);
    expect(await allocation(unlimited.email)).toBe(-1);
    // An allocation is a share of the account's credits: the ledger holds only the account's grants.
    expect((await refillRows(id)).map((r) => r.delta)).toEqual([50, -50, 1000, -1000, 1000]);
  });

  it('after three months of downtime grants the current period once, not the months missed', async () => {
    const admin = await newAccount();
    const id = admin.accountId;
    const created = clock.now();
    moveTo(new Date(addCreditMonths(created, 3).getTime() + 9 * 24 * HOUR));
    expect((await refill(id)).map((g) => [g.period, g.credits, g.lapsed])).toEqual([[3, 50, 50]]);
    expect(await refill(id)).toEqual([]);
    expect((await refillRows(id)).filter((r) => r.delta > 0).map((r) => r.reference)).toEqual([`refill:${id}:0`, `refill:${id}:3`]);
    expect(await balances(id)).toEqual({ payg: 0, subscription: 50 });
  });

  it('skips deleted and banned accounts and discontinued plans', async () => {
    const deleted = await newAccount();
    const banned = await newAccount();
    const discontinued = await newAccount();
    const control = await newAccount();
    await laurel.context.db.update(accounts).set({ deleted_at: clock.now() }).where(eq(accounts.id, deleted.accountId));
    await laurel.context.db.update(accounts).set({ is_banned: true }).where(eq(accounts.id, banned.accountId));
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'prem-monthly-2' })
      .where(eq(accounts.id, discontinued.accountId));
    moveTo(addCreditMonths(clock.now(), 1));
    const response = await (await superAdmin()).get('/api/trigger-refills');
    const granted = response.json<RefillRunReply>().grants.map((g) => g.account_id);
    expect(granted).toContain(control.accountId);
    for (const skipped of [deleted, banned, discontinued]) {
      expect(granted).not.toContain(skipped.accountId);
      expect(await balances(skipped.accountId)).toEqual({ payg: 0, subscription: 50 });
    }
    // A discontinued plan brings no credits, so the screen shows no date for them.
    expect((await accountAsAdmin(discontinued)).next_credit_date).toBeNull();
  });

  it('leaves an account with a live Stripe subscription to its invoices, and refills a plan without one', async () => {
    const paid = await newAccount();
    const granted = await newAccount();
    const free = await newAccount();
    await laurel.context.db
      .update(accounts)
      .set({
        stripe_active: true,
        stripe_plan: 'basic-monthly-3',
        stripe_id: 'cus_paid',
        stripe_subscription_id: 'sub_paid',
        subscription_updated: clock.now(),
      })
      .where(eq(accounts.id, paid.accountId));
    // A Stripe customer with a plan but no subscription (a plan granted by hand after buying credits).
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'basic-monthly-3', stripe_id: 'cus_granted', subscription_updated: clock.now() })
      .where(eq(accounts.id, granted.accountId));
    await laurel.context.db.update(accounts).set({ stripe_id: 'cus_free' }).where(eq(accounts.id, free.accountId));
    moveTo(addCreditMonths(clock.now(), 1));
    const run = (accountId: number) =>
      laurel.context.db.transaction((tx) => refillAccount(tx as unknown as Db, accountId, clock.now(), { stripeConfigured: true }));
    expect(await run(paid.accountId)).toBeNull();
    expect(await run(granted.accountId)).toMatchObject({ period: 1, credits: 150 });
    expect(await run(free.accountId)).toMatchObject({ period: 1, credits: 50 });
    // Without Stripe configured, no invoice will come: a plan's credits are this job's to grant.
    expect((await refill(paid.accountId)).map((g) => g.credits)).toEqual([150]);
  });

  it('runs hourly from a schedule kept in the database, and as a queued job', async () => {
    expect(await laurel.context.queue.schedules('credits.refill')).toEqual([{ cron: '0 * * * *', missed: 'once' }]);
    const admin = await newAccount();
    moveTo(addCreditMonths(clock.now(), 1));
    await laurel.context.queue.enqueue(refillJob, {});
    for (let i = 0; i < 100 && (await refillRows(admin.accountId)).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await refillRows(admin.accountId)).map((r) => r.reference)).toEqual([
      `refill:${admin.accountId}:0`,
      `refill:${admin.accountId}:1:lapse`,
      `refill:${admin.accountId}:1`,
    ]);
  });
});

describe('GET /api/trigger-refills', () => {
  it('is for super-admins only', async () => {
    const admin = await newAccount();
    const sub = await subUser(laurel, admin.accountId, { allow_all_certificate_sets: true });
    expect((await new ApiClient(laurel).get('/api/trigger-refills')).statusCode).toBe(401);
    for (const client of [admin.client, sub.client]) {
      const refused = await client.get('/api/trigger-refills');
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe('Action not allowed');
    }
    const allowed = await (await superAdmin()).get('/api/trigger-refills');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<RefillRunReply>().success).toBe(true);
  });
});

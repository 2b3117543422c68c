import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, automaticPurchaseCrossings, billingReversals, creditLedger } from '../src/db/schema.ts';
import { debitCredits } from '../src/modules/credits/ledger.ts';
import { ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import type { TestLaurel } from './helpers/laurel.ts';
import { seededShuffle, startLaurelWithStripe } from './helpers/stripe-laurel.ts';
import type { StandInEvent, StripeStandIn } from './helpers/stripe-stand-in.ts';

/**
 * Refunds and disputes against the Stripe stand-in: money that goes back to the cardholder takes back the
 * credits it paid for, in proportion, from what the account still holds; what was already spent is owed,
 * and shown to the account and to super-admins. A dispute won gives it all back. Each refund and dispute
 * applies once, in whatever order and however often its events come.
 */

let laurel: TestLaurel;
let stripe: StripeStandIn;
let root: ApiClient;

beforeAll(async () => {
  ({ laurel, stripe } = await startLaurelWithStripe());
  root = new ApiClient(laurel);
  expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
  await stripe?.close();
});

async function accountRow(id: number) {
  const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

async function buy(client: ApiClient, query: string): Promise<string> {
  const response = await client.get(`/api/accounts/checkout-session?${query}`);
  expect(response.statusCode).toBe(302);
  const session = (response.headers.location as string).slice(`${stripe.url}/checkout/`.length);
  await stripe.completeCheckout(session);
  return session;
}

/** Spends credits as a send does. */
const spend = (accountId: number, amount: number) =>
  laurel.context.db.transaction((tx) =>
    debitCredits(tx as unknown as Db, { accountId, amount, kind: 'send', reference: `send:test:${accountId}:${amount}`, at: new Date() }),
  );

const reversalLedger = async (id: number) =>
  (
    await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.account_id, id), like(creditLedger.reference, 'stripe-%')))
      .orderBy(creditLedger.id)
  ).map((l) => `${l.kind}:${l.bucket}:${l.delta}`);

describe('refunds and disputes', () => {
  it('takes back refunded pay-as-you-go credits in proportion, owes what was spent, and shows it', async () => {
    const { client, user, email } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const from = stripe.events.length;
    const session = await buy(client, 'purchase_type=payg&payg_credits=500&quantity=1');
    await stripe.deliver();
    expect((await accountRow(id)).credits).toBe(500);
    await spend(id, 50 + 100); // the 50 free subscription credits first, then 100 bought ones
    const intent = stripe.object(session)!.payment_intent as string;

    // Half the money back: half the credits, and the bucket still holds them.
    stripe.refund(intent, 3450);
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ credits: 150, credits_owed: 0 });

    // The rest back: 250 more, but only 150 are left; 100 were spent and are owed.
    stripe.refund(intent);
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ credits: 0, credits_owed: 100 });
    expect(await reversalLedger(id)).toEqual(['payment_refunded:payg:-250', 'payment_refunded:payg:-150']);
    const rows = await laurel.context.db.select().from(billingReversals).where(eq(billingReversals.account_id, id));
    expect(rows.map((r) => [r.reason, r.amount, r.credits_taken, r.credits_owed])).toEqual([
      ['refund', 3450, 250, 0],
      ['refund', 3450, 150, 100],
    ]);

    // Every event of the story again, twice and shuffled: nothing changes.
    const mine = stripe.events.slice(from);
    expect((await stripe.deliver(seededShuffle([...mine, ...mine], 3))).every((s) => s === 200)).toBe(true);
    expect(await accountRow(id)).toMatchObject({ credits: 0, credits_owed: 100 });
    expect(await reversalLedger(id)).toHaveLength(2);

    // What is owed is shown to the account and to super-admins.
    expect((await client.get('/api/auth/current')).json().account).toMatchObject({ credits: 0, credits_owed: 100 });
    const listed = (await root.get(`/api/accounts/filter?filters[]=${encodeURIComponent(`search:${email}`)}`)).json();
    expect(listed.accounts[0]).toMatchObject({ id, credits_owed: 100 });
  });

  it('ends the same when the refund arrives before the purchase it refunds', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const from = stripe.events.length;
    const session = await buy(client, 'purchase_type=payg&payg_credits=250&quantity=1');
    stripe.refund(stripe.object(session)!.payment_intent as string, 1300); // a third of $39
    const mine = stripe.events.slice(from);
    expect((await stripe.deliver([...mine].reverse())).every((s) => s === 200)).toBe(true);
    expect(await accountRow(id)).toMatchObject({ credits: 250 - 83, credits_owed: 0 });
    expect((await stripe.deliver(mine)).every((s) => s === 200)).toBe(true);
    expect(await accountRow(id)).toMatchObject({ credits: 167 });
  });

  it('takes back a disputed subscription invoice’s credits and gives them back when the dispute is won', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const session = await buy(client, 'purchase_type=subscription&subscription=basic-monthly-3');
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(150);
    await spend(id, 30);
    const invoice = stripe.object(stripe.object(session)!.invoice as string)!;
    const dispute = stripe.dispute(invoice._payment_intent as string);
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ subscription_credits: 0, credits_owed: 30 });

    stripe.closeDispute(dispute, 'won');
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ subscription_credits: 120, credits_owed: 0 });
    expect(await reversalLedger(id)).toEqual(['payment_disputed:subscription:-120', 'payment_dispute_won:subscription:120']);

    // A second account plays the same story with its events held back, then gets them twice, shuffled.
    const other = await registerConfirmedAdmin(laurel);
    const otherId = other.user.account!.id;
    const start = stripe.events.length;
    const otherSession = await buy(other.client, 'purchase_type=subscription&subscription=basic-monthly-3');
    const otherInvoice = stripe.object(stripe.object(otherSession)!.invoice as string)!;
    const otherDispute = stripe.dispute(otherInvoice._payment_intent as string);
    stripe.closeDispute(otherDispute, 'won');
    const held: StandInEvent[] = stripe.events.slice(start);
    expect((await stripe.deliver(seededShuffle([...held, ...held], 11))).every((s) => s === 200)).toBe(true);
    // Nothing was spent here, so the dispute took 150 and gave 150 back.
    expect(await reversalLedger(otherId)).toEqual(['payment_disputed:subscription:-150', 'payment_dispute_won:subscription:150']);
    expect(await accountRow(otherId)).toMatchObject({ subscription_credits: 150, credits_owed: 0 });
  });

  it('gives no subscription credits back for a dispute won after its period ended: they would have lapsed', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const session = await buy(client, 'purchase_type=subscription&subscription=basic-monthly-3');
    await stripe.deliver();
    await spend(id, 100);
    const invoice = stripe.object(stripe.object(session)!.invoice as string)!;
    const dispute = stripe.dispute(invoice._payment_intent as string);
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ subscription_credits: 0, credits_owed: 100 });
    stripe.renew(stripe.object(session)!.subscription as string);
    await stripe.deliver();
    expect((await accountRow(id)).subscription_credits).toBe(150);
    stripe.closeDispute(dispute, 'won');
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ subscription_credits: 150, credits_owed: 0 });
    expect(await reversalLedger(id)).toEqual(['payment_disputed:subscription:-50']);
  });

  it('keeps what a lost dispute took, and an automatic purchase is not set off by it', async () => {
    const { client, user } = await registerConfirmedAdmin(laurel);
    const id = user.account!.id;
    const session = await buy(client, 'purchase_type=payg&payg_credits=150&quantity=1');
    await stripe.deliver();
    const card = stripe.createPaymentMethod({ last4: '4242' });
    expect((await client.post(`/api/accounts/${id}/billing`, { token: card })).statusCode).toBe(200);
    expect(
      (await client.call('PUT', `/api/accounts/${id}/automatic-purchases`, { enabled: true, credits: 150, threshold: 100 })).statusCode,
    ).toBe(200);
    const dispute = stripe.dispute(stripe.object(session)!.payment_intent as string);
    stripe.closeDispute(dispute, 'lost');
    await stripe.deliver();
    expect(await accountRow(id)).toMatchObject({ credits: 0, subscription_credits: 50, credits_owed: 0 });
    expect(await reversalLedger(id)).toEqual(['payment_disputed:payg:-150']);
    // Under the threshold now, but the card that was charged back is not charged again on its account.
    expect(await laurel.context.db.select().from(automaticPurchaseCrossings).where(eq(automaticPurchaseCrossings.account_id, id))).toEqual(
      [],
    );
  });
});

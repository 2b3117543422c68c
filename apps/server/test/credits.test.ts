import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts } from '../src/db/schema.ts';
import { debitCredits, grantCredits, InsufficientCreditsError, ledgerBalances } from '../src/modules/credits/ledger.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

const now = () => new Date();
const inTx = <T>(work: (tx: Db) => Promise<T>) => laurel.context.db.transaction((tx) => work(tx as unknown as Db));

async function balances(accountId: number) {
  const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
  return { payg: account!.credits, subscription: account!.subscription_credits };
}

async function newAccount() {
  const { user } = await registerConfirmedAdmin(laurel);
  return user.account!.id;
}

describe('credits ledger', () => {
  it('gives a new account the free plan’s 50 credits, explained by the ledger', async () => {
    const id = await newAccount();
    expect(await balances(id)).toEqual({ payg: 0, subscription: 50 });
    expect(await ledgerBalances(laurel.context.db, id)).toEqual({ payg: 0, subscription: 50 });
  });

  it('applies a grant once per reference', async () => {
    const id = await newAccount();
    const grant = { accountId: id, bucket: 'payg' as const, amount: 150, kind: 'purchase', reference: `evt_${id}`, at: now() };
    expect(await inTx((tx) => grantCredits(tx, grant))).toBe(true);
    expect(await inTx((tx) => grantCredits(tx, grant))).toBe(false);
    expect((await balances(id)).payg).toBe(150);
  });

  it('spends subscription credits first, and refuses a debit larger than the balance without changing anything', async () => {
    const id = await newAccount();
    await inTx((tx) => grantCredits(tx, { accountId: id, bucket: 'payg', amount: 10, kind: 'purchase', at: now() }));
    await inTx((tx) => debitCredits(tx, { accountId: id, amount: 55, kind: 'send', reference: `send:${id}:a`, at: now() }));
    expect(await balances(id)).toEqual({ payg: 5, subscription: 0 });
    const refused = inTx((tx) => debitCredits(tx, { accountId: id, amount: 8, kind: 'send', at: now() }));
    await expect(refused).rejects.toThrow(InsufficientCreditsError);
    await expect(refused).rejects.toThrow('You must purchase 3 more credits to continue.');
    expect(await balances(id)).toEqual({ payg: 5, subscription: 0 });
    expect(await ledgerBalances(laurel.context.db, id)).toEqual({ payg: 5, subscription: 0 });
  });

  it('never overspends under concurrent debits, and debits a reference once', async () => {
    const id = await newAccount();
    const attempts = Array.from({ length: 60 }, (_, i) =>
      inTx((tx) => debitCredits(tx, { accountId: id, amount: 1, kind: 'send', reference: `send:${id}:${i}`, at: now() })).then(
        () => 'ok',
        (error) => (error instanceof InsufficientCreditsError ? 'short' : Promise.reject(error)),
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(50);
    expect(await balances(id)).toEqual({ payg: 0, subscription: 0 });

    const again = await newAccount();
    const same = await Promise.all(
      Array.from({ length: 20 }, () =>
        inTx((tx) => debitCredits(tx, { accountId: again, amount: 5, kind: 'send', reference: `send:${again}:once`, at: now() })).catch(
          () => false,
        ),
      ),
    );
    expect(same.filter(Boolean)).toHaveLength(1);
    expect((await balances(again)).subscription).toBe(45);
    expect(await ledgerBalances(laurel.context.db, again)).toEqual({ payg: 0, subscription: 45 });
  });

  it('lets super-admins set balances through the ledger', async () => {
    const id = await newAccount();
    const admin = new ApiClient(laurel);
    await admin.login('root@laurel.test', 'correct horse battery staple');
    const response = await admin.call('PUT', `/api/accounts/${id}/admin-update`, {
      credits: 500,
      subscription_credits: 20,
      allowed_sets: 3,
    });
    expect(response.json()).toEqual({ id, credits: 500, subscription_credits: 20, allowed_sets: 3 });
    expect(await ledgerBalances(laurel.context.db, id)).toEqual({ payg: 500, subscription: 20 });
    const owner = (await registerConfirmedAdmin(laurel)).client;
    const denied = await owner.call('PUT', `/api/accounts/${id}/admin-update`, { credits: 1 });
    expect(errorOf(denied).errors[0]).toBe('Action not allowed');
  });
});

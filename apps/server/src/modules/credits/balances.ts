import type { AccountBalances, AccountBalancesUpdate } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { adjustBucket, type CreditBucket } from './ledger.ts';

/**
 * A super-admin sets an account's balances and set allowance (docs/product/super-admin.md#calls admin-update). New balances
 * become ledger entries for the difference, so the ledger always explains the balance; all of it, and
 * its audit entry, in one transaction.
 */
export async function setAccountBalances(
  context: AppContext,
  actorId: number,
  accountId: number,
  input: AccountBalancesUpdate,
  ip: string,
): Promise<AccountBalances> {
  const now = context.clock.now();
  const updated = await context.db.transaction(async (tx) => {
    // Locked before the differences are taken, so a send debiting meanwhile cannot make them stale.
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account || account.deleted_at) throw notFound();
    const note = input.reason || undefined;
    const adjust = async (bucket: CreditBucket, target: number | undefined, current: number) => {
      if (target === undefined) return;
      await adjustBucket(tx as Db, {
        accountId: account.id,
        bucket,
        delta: target - current,
        kind: 'admin_adjust',
        actorId,
        note,
        at: now,
      });
    };
    await adjust('payg', input.credits, account.credits);
    await adjust('subscription', input.subscription_credits, account.subscription_credits);
    // A grant is a change of exactly its size, applied to the balance as it is under the lock.
    if (input.add_credits)
      await adjustBucket(tx as Db, {
        accountId: account.id,
        bucket: 'payg',
        delta: input.add_credits,
        kind: 'admin_grant',
        actorId,
        note,
        at: now,
      });
    if (input.allowed_sets !== undefined)
      await tx.update(accounts).set({ allowed_sets: input.allowed_sets }).where(eq(accounts.id, account.id));
    await audit(context, { action: 'account.admin_update', accountId: account.id, actorId, ip, details: input }, tx as Db);
    return (await tx.select().from(accounts).where(eq(accounts.id, account.id)))[0]!;
  });
  return {
    id: updated.id,
    credits: updated.credits,
    subscription_credits: updated.subscription_credits,
    allowed_sets: updated.allowed_sets,
  };
}

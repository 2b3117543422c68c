import { FREE_PLAN_MONTHLY_CREDITS } from '@laurel/domain';
import type { Db } from '../../db/client.ts';
import { grantCredits } from './ledger.ts';

/** The free plan's monthly credits (spec 1 §9), granted once per account and month. */
export function grantFreeMonth(tx: Db, accountId: number, at: Date): Promise<boolean> {
  const month = at.toISOString().slice(0, 7);
  return grantCredits(tx, {
    accountId,
    bucket: 'subscription',
    amount: FREE_PLAN_MONTHLY_CREDITS,
    kind: 'free_monthly',
    reference: `free:${accountId}:${month}`,
    at,
  });
}

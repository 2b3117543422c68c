import { monthlyPlanCredits, UNLIMITED_CREDITS } from '@laurel/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { accounts } from '../../db/schema.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

type AccountRow = typeof accounts.$inferSelect;

/**
 * How much an allocation and a monthly refill may be (docs/product/roles-and-sub-users.md#rules-and-limits): the account's credits less what the
 * other sub-users still hold allocated (so the user's own allocation counts back in), and the plan's
 * monthly credits less the refills of the other auto-refill users.
 */
export async function creditPools(tx: Db, account: AccountRow, exceptUserId = -1): Promise<{ credit: number; refill: number }> {
  const [row] = await tx
    .select({
      allocated: sql<number>`coalesce(sum(${users.allocated_credits}) filter (where ${users.allocated_credits} > 0), 0)::int`,
      refills: sql<number>`coalesce(sum(${users.refill_credits}) filter (where ${users.auto_refill_credits}), 0)::int`,
    })
    .from(users)
    .where(and(eq(users.account_id, account.id), sql`${users.roles}[1] = 'account_user'`, ne(users.id, exceptUserId)));
  const available = account.credits + account.subscription_credits;
  return {
    credit: Math.max(0, available - Number(row?.allocated ?? 0)),
    refill: Math.max(0, monthlyPlanCredits(account) - Number(row?.refills ?? 0)),
  };
}

export interface CreditSettings {
  allocated_credits: number;
  auto_refill_credits: boolean;
  refill_credits: number;
}

/** Refuses an allocation or refill beyond its pool; unlimited credits carry no refill. */
export async function checkedCreditSettings(
  tx: Db,
  account: AccountRow,
  input: CreditSettings,
  options: { exceptUserId?: number; allocationChanged: boolean },
): Promise<CreditSettings> {
  if (input.allocated_credits === UNLIMITED_CREDITS)
    return { allocated_credits: UNLIMITED_CREDITS, auto_refill_credits: false, refill_credits: 0 };
  const pools = await creditPools(tx, account, options.exceptUserId);
  if (options.allocationChanged && input.allocated_credits > pools.credit)
    throw badRequest(`Allocated credits can be at most ${pools.credit}: the credits of the account not allocated to other users.`, {
      field: 'allocated_credits',
    });
  if (input.auto_refill_credits && input.refill_credits > pools.refill)
    throw badRequest(`Refill credits can be at most ${pools.refill}: the plan's monthly credits not refilled to other users.`, {
      field: 'refill_credits',
    });
  return {
    allocated_credits: input.allocated_credits,
    auto_refill_credits: input.auto_refill_credits,
    refill_credits: input.auto_refill_credits ? input.refill_credits : 0,
  };
}

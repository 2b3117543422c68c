import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export const allocationMessage = (left: number) =>
  `You have ${left} of the credits your account administrator allocated to you left. Ask them for more credits to send these certificates.`;

/**
 * Spends a sub-user's allocation (docs/product/roles-and-sub-users.md#what-is-kept `allocated_credits`), in the transaction of the account's own
 * debit so that both or neither happen. Unlimited (-1) allocations are untouched. The check and the
 * decrement are one conditional update, so concurrent sends cannot overspend an allocation either.
 */
export async function debitAllocation(tx: Db, userId: number, amount: number): Promise<void> {
  const [spent] = await tx
    .update(users)
    .set({ allocated_credits: sql`${users.allocated_credits} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.allocated_credits, amount)))
    .returning({ left: users.allocated_credits });
  if (spent) return;
  const [user] = await tx.select({ allocated: users.allocated_credits }).from(users).where(eq(users.id, userId));
  if (!user || user.allocated < 0) return;
  throw new AppError(402, allocationMessage(user.allocated), { error_type: 'allocation' });
}

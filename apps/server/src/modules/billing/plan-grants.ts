import { type AccountPlanState, accountFeatures, activePlan, findPlan, planDisplayName } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { refillAccount } from '../credits/index.ts';
import { audit } from '../system/index.ts';

type AccountRow = typeof accounts.$inferSelect;

export function presentPlanState(account: AccountRow, now: Date): AccountPlanState {
  return {
    id: account.id,
    stripe_active: account.stripe_active,
    stripe_plan: account.stripe_plan,
    subscription_updated: account.subscription_updated?.toISOString() ?? null,
    plan: { id: activePlan(account)?.id ?? null, display_name: planDisplayName(account) },
    features: accountFeatures(account, now),
  };
}

/**
 * The manual billing provider (no card payments): a super-admin grants a plan, or cancels back to Free
 * with null. A grant sets `subscription_updated` to now, the date the monthly periods count from, and
 * gives the plan's first month at once (the refill's own grant for that period, so it is never given
 * twice). Granting the plan the account already holds changes nothing. Only plans on sale can be granted.
 */
export async function setAccountPlan(
  context: AppContext,
  actor: { id: number; ip: string },
  accountId: number,
  planId: string | null,
): Promise<AccountPlanState> {
  const plan = planId === null ? null : findPlan(planId);
  if (planId !== null && !plan) throw badRequest('Unknown plan.', { field: 'plan' });
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!before || before.deleted_at) throw notFound();
    // The plan it already holds: nothing changes (its period, its credits and the grant date stay as they are).
    if (plan && activePlan(before)?.id === plan.id) return presentPlanState(before, now);
    const change = plan
      ? { stripe_plan: plan.id, stripe_active: true, subscription_in_pending: false, subscription_updated: now }
      : { stripe_plan: null, stripe_active: false, subscription_in_pending: false };
    const [after] = await tx
      .update(accounts)
      .set({ ...change, updated_at: now })
      .where(eq(accounts.id, accountId))
      .returning();
    await audit(
      context,
      {
        action: plan ? 'account.plan_granted' : 'account.plan_cancelled',
        accountId,
        actorId: actor.id,
        ip: actor.ip,
        details: { from: before.stripe_active ? before.stripe_plan : null, to: plan?.id ?? null },
      },
      tx as Db,
    );
    if (plan) await refillAccount(tx as Db, accountId, now, { stripeConfigured: !!context.env.STRIPE_SECRET_KEY });
    return presentPlanState(after!, now);
  });
}

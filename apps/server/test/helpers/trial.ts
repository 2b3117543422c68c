import { TRIAL_DAYS } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema.ts';
import type { TestLaurel } from './laurel.ts';

const DAY = 86_400_000;

/**
 * Moves the account's trial start back past its 14 days: the free tier as every account has it after its first
 * fortnight, for tests about what an account without a plan may not do (docs/decisions/0069-what-a-trial-unlocks.md).
 */
export async function endTrial(laurel: TestLaurel, accountId: number): Promise<void> {
  const startedAt = new Date(laurel.context.clock.now().getTime() - (TRIAL_DAYS + 1) * DAY);
  await laurel.context.db.update(accounts).set({ trial_started_at: startedAt }).where(eq(accounts.id, accountId));
}

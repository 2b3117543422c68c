import type { RefillRunReply } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { audit } from '../system/index.ts';
import { runRefills } from './refill.ts';

/** A super-admin runs the monthly refill now (docs/product/super-admin.md#calls trigger-refills); the run is audited with what it granted. */
export async function triggerRefills(context: AppContext, actorId: number, ip: string): Promise<RefillRunReply> {
  const grants = await runRefills(context);
  await audit(context, {
    action: 'credits.trigger_refills',
    actorId,
    ip,
    details: { accounts: grants.map((g) => g.account_id), credits: grants.reduce((sum, g) => sum + g.credits, 0) },
  });
  return { success: true, refilled: grants.length, grants };
}

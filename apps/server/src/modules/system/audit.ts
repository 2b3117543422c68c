import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Appends to the audit log: who did what to which account, and from where. */
export async function audit(
  context: AppContext,
  entry: {
    action: string;
    userId?: number | null;
    accountId?: number | null;
    actorId?: number | null;
    ip?: string;
    details?: Record<string, unknown>;
  },
  tx: Db = context.db,
): Promise<void> {
  await tx.insert(auditLog).values({
    action: entry.action,
    user_id: entry.userId ?? null,
    account_id: entry.accountId ?? null,
    actor_id: entry.actorId ?? entry.userId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
    created_at: context.clock.now(),
  });
}

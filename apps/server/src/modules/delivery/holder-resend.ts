import { randomUUID } from 'node:crypto';
import type { RecipientState } from '@laurel/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recipients } from '../../db/schema.ts';
import { queueNextChunk } from './send-plan.ts';

/** A certificate already issued, so its holder may have it again: it costs nothing and counts on no issuer limit. */
const ISSUED: RecipientState[] = ['sent', 'bounced'];

/**
 * Emails one issued certificate again to its holder, through the same delivery job as a send (same
 * message, a new attempt). Nothing is debited and the issuer's resend counters stay: the holder asked
 * for a copy of what they already have. The caller limits how often (the portal: 3 an hour). Answers
 * false when the certificate was never delivered, is being sent, or was revoked.
 */
export async function resendToHolder(context: AppContext, recipientId: number): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: recipients.id, account_id: recipients.account_id, state: recipients.state })
      .from(recipients)
      .where(and(eq(recipients.id, recipientId), inArray(recipients.state, ISSUED), isNull(recipients.revoked_at)))
      .for('update');
    if (!row) return false;
    await queueNextChunk(context, tx as Db, row.account_id, {
      ids: [row.id],
      done: 0,
      from: [row.state],
      event: 'resend',
      counts: null,
      paid: false,
      reference: `holder-resend:${row.id}:${randomUUID()}`,
      at: context.clock.now().toISOString(),
    });
    return true;
  });
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recipients } from '../../db/schema.ts';
import { assertMaySend } from '../../http/permissions.ts';
import type { Member } from '../certificates/index.ts';
import { findRecipient } from '../projects/index.ts';
import { emitWebhookEvent, recipientEventData } from '../webhooks/index.ts';
import { withEvent } from './events.ts';

/**
 * Revoking keeps the certificate and its page: a verifier who opens the link learns that the issuer
 * withdrew it, and when. Reinstating makes it valid again; both leave an event in its history.
 */
export async function setRevoked(context: AppContext, member: Member, recipientId: number, revoked: boolean, reason?: string) {
  assertMaySend(member.user);
  const { recipient } = await findRecipient(context, member, recipientId);
  if ((recipient.revoked_at !== null) === revoked) return recipient;
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(recipients)
      .set({ revoked_at: revoked ? now : null, sent_details: withEvent(revoked ? 'revoked' : 'reinstated', now, reason), updated_at: now })
      .where(eq(recipients.id, recipient.id))
      .returning();
    if (revoked)
      await emitWebhookEvent(context, tx as Db, {
        accountId: updated!.account_id,
        type: 'recipient.revoked',
        data: recipientEventData(updated!),
      });
    return updated!;
  });
}

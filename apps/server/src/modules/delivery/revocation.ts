import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recipients } from '../../db/schema.ts';
import { assertMaySend } from '../../http/permissions.ts';
import type { Member } from '../certificates/index.ts';
import { findRecipient } from '../projects/index.ts';
import { emitWebhookEvent, recipientEventData } from '../webhooks/index.ts';
import { auditRevocation, type Origin } from './activity.ts';
import { withEvent } from './events.ts';

/**
 * Revoking keeps the certificate and its page: a verifier who opens the link learns that the issuer
 * withdrew it, when, and why if the issuer said (docs/product/store.md#flows). Reinstating makes it valid again
 * and forgets the reason; both leave an event in its history, the reason with the revocation's.
 */
export async function setRevoked(
  context: AppContext,
  member: Member,
  recipientId: number,
  revoked: boolean,
  reason?: string,
  origin?: Origin,
) {
  assertMaySend(member.user);
  const { recipient } = await findRecipient(context, member, recipientId);
  if ((recipient.revoked_at !== null) === revoked) return recipient;
  const now = context.clock.now();
  const said = (revoked && reason?.trim()) || null;
  return context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(recipients)
      .set({
        revoked_at: revoked ? now : null,
        revocation_reason: said,
        sent_details: withEvent(revoked ? 'revoked' : 'reinstated', now, said ?? undefined),
        updated_at: now,
      })
      .where(eq(recipients.id, recipient.id))
      .returning();
    await auditRevocation(context, tx as Db, member, origin, { revoked, recipient: updated!, reason: said });
    await emitWebhookEvent(context, tx as Db, {
      accountId: updated!.account_id,
      type: revoked ? 'recipient.revoked' : 'recipient.reinstated',
      data: recipientEventData(updated!, context.env.PUBLIC_URL),
    });
    return updated!;
  });
}

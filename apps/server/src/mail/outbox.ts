import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { mailMessages } from '../db/schema.ts';
import { defineJob, type Executor } from '../jobs/queue.ts';
import type { ComposedMail } from './account-emails.ts';
import { headerSafe } from './html.ts';
import { isPermanentSmtpFailure } from './transport.ts';

/** The domain part of the sender address, for Message-IDs that the receiving side can trust. */
function senderDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'laurel.localhost';
}

/**
 * Records a message and enqueues its delivery in the caller's transaction: if the transaction rolls
 * back, no message is sent; if it commits, the message is delivered even across restarts.
 */
export async function queueMail(
  context: AppContext,
  tx: Db,
  input: { to: string; accountId?: number | null; mail: ComposedMail },
): Promise<number> {
  const [row] = await tx
    .insert(mailMessages)
    .values({
      account_id: input.accountId ?? null,
      kind: input.mail.kind,
      to_address: headerSafe(input.to),
      from_address: context.env.MAIL_FROM,
      subject: headerSafe(input.mail.subject),
      html: input.mail.html,
      text: input.mail.text,
      message_id: `<${randomUUID()}@${senderDomain(context.env.MAIL_FROM)}>`,
    })
    .returning({ id: mailMessages.id });
  await context.queue.enqueue(sendMailJob, { messageId: row!.id }, { tx: tx as Executor });
  return row!.id;
}

export const sendMailJob = defineJob<{ messageId: number }, AppContext>({
  name: 'mail.send',
  retryLimit: 8,
  retryDelaySeconds: 15,
  expireInSeconds: 120,
  async handle({ messageId }, context) {
    const [message] = await context.db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    if (!message || message.status !== 'queued') return;
    if (!context.transport) {
      await context.db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, messageId));
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      context.log.info({ to: message.to_address, subject: message.subject, links }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await context.transport.send({
        from: message.from_address,
        to: message.to_address,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.message_id,
        headers: message.headers,
      });
      await context.db
        .update(mailMessages)
        .set({ status: 'sent', sent_at: context.clock.now(), attempts: message.attempts + 1, last_error: null })
        .where(eq(mailMessages.id, messageId));
    } catch (error) {
      const permanent = isPermanentSmtpFailure(error);
      await context.db
        .update(mailMessages)
        .set({ status: permanent ? 'failed' : 'queued', attempts: message.attempts + 1, last_error: String((error as Error).message ?? error) })
        .where(eq(mailMessages.id, messageId));
      if (!permanent) throw error;
    }
  },
});

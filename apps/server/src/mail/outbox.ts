import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { mailMessages } from '../db/schema.ts';
import { defineJob, type Executor } from '../jobs/queue.ts';
import { headerSafe } from './html.ts';
import type { OutgoingMessage } from './outgoing-message.ts';
import { isPermanentSmtpFailure } from './transport.ts';

/** The domain part of the sender address, for Message-IDs that the receiving side can trust. */
export function senderDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'laurel.localhost';
}

export function newMessageId(from: string): string {
  return `<${randomUUID()}@${senderDomain(from)}>`;
}

/** A message ready to be recorded: the product's own mail needs only kind, to, subject and parts. */
export interface QueuedMail {
  kind: string;
  to: string;
  subject: string;
  html: string | null;
  text: string;
  accountId?: number | null;
  from?: string;
  replyTo?: string | null;
  cc?: string[];
  bcc?: string[];
  headers?: Record<string, string>;
  messageId?: string;
  /** Files already in the file store. */
  attachments?: { key: string; filename: string; contentType: string }[];
}

/**
 * Records a message and enqueues its delivery in the caller's transaction: if the transaction rolls
 * back, no message is sent; if it commits, the message is delivered even across restarts.
 */
export async function queueMail(context: AppContext, tx: Db, mail: QueuedMail): Promise<number> {
  const from = mail.from ?? context.env.MAIL_FROM;
  const [row] = await tx
    .insert(mailMessages)
    .values({
      account_id: mail.accountId ?? null,
      kind: mail.kind,
      to_address: headerSafe(mail.to),
      from_address: headerSafe(from),
      subject: headerSafe(mail.subject),
      html: mail.html,
      text: mail.text,
      reply_to: mail.replyTo ? headerSafe(mail.replyTo) : null,
      cc: (mail.cc ?? []).map(headerSafe),
      bcc: (mail.bcc ?? []).map(headerSafe),
      headers: mail.headers ?? {},
      attachments: mail.attachments ?? [],
      message_id: mail.messageId ?? newMessageId(from),
      created_at: context.clock.now(),
    })
    .returning({ id: mailMessages.id });
  await context.queue.enqueue(sendMailJob, { messageId: row!.id }, { tx: tx as Executor });
  return row!.id;
}

async function outgoing(context: AppContext, message: typeof mailMessages.$inferSelect): Promise<OutgoingMessage> {
  const attachments = await Promise.all(
    message.attachments.map(async (a) => {
      const content = await context.files.get(a.key);
      if (!content) throw new Error(`attachment ${a.key} is missing from the file store`);
      return { filename: a.filename, content, contentType: a.contentType };
    }),
  );
  return {
    from: message.from_address,
    to: message.to_address,
    replyTo: message.reply_to,
    cc: message.cc,
    bcc: message.bcc,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.message_id,
    headers: message.headers,
    attachments,
  };
}

export const sendMailJob = defineJob<{ messageId: number }, AppContext>({
  name: 'mail.send',
  retryLimit: 8,
  retryDelaySeconds: 15,
  expireInSeconds: 120,
  async handle({ messageId }, context) {
    const [message] = await context.db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    if (message?.status !== 'queued') return;
    if (!context.transport) {
      await context.db.update(mailMessages).set({ status: 'kept' }).where(eq(mailMessages.id, messageId));
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      context.log.info({ to: message.to_address, subject: message.subject, links }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await context.transport.send(await outgoing(context, message));
      await context.db
        .update(mailMessages)
        .set({ status: 'sent', sent_at: context.clock.now(), attempts: message.attempts + 1, last_error: null })
        .where(eq(mailMessages.id, messageId));
    } catch (error) {
      const permanent = isPermanentSmtpFailure(error);
      await context.db
        .update(mailMessages)
        .set({
          status: permanent ? 'failed' : 'queued',
          attempts: message.attempts + 1,
          last_error: String((error as Error).message ?? error),
        })
        .where(eq(mailMessages.id, messageId));
      if (!permanent) throw error;
    }
  },
});

import type { OutboxMessage, OutboxPage } from '@laurel/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mailMessages } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** A page of the outbox, newest first, with the number of messages in it. */
export async function listOutbox(context: AppContext, page: { limit: number; offset: number }): Promise<OutboxPage> {
  const [rows, [total]] = await Promise.all([
    context.db
      .select({
        id: mailMessages.id,
        to: mailMessages.to_address,
        subject: mailMessages.subject,
        kind: mailMessages.kind,
        status: mailMessages.status,
        created_at: mailMessages.created_at,
      })
      .from(mailMessages)
      .orderBy(desc(mailMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    context.db.select({ value: count() }).from(mailMessages),
  ]);
  return { messages: rows.map((m) => ({ ...m, created_at: m.created_at.toISOString() })), count: total?.value ?? 0 };
}

/** One message with its body and the headers it was sent with. */
export async function findOutboxMessage(context: AppContext, id: number): Promise<OutboxMessage> {
  const [m] = await context.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!m) throw notFound();
  return {
    id: m.id,
    to: m.to_address,
    from: m.from_address,
    subject: m.subject,
    html: m.html,
    text: m.text,
    status: m.status,
    headers: { 'Message-ID': m.message_id, ...m.headers },
    created_at: m.created_at.toISOString(),
    sent_at: m.sent_at?.toISOString() ?? null,
    last_error: m.last_error,
  };
}

import type { OutboxMessage, OutboxPage, OutboxView, outboxQuery } from '@laurel/domain';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, mailMessages, projects } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The views as the two partial indexes state them (schema.ts), written as constants rather than bound values so
 * the planner matches each to its index: a page is then an index scan backwards from the newest, however many
 * thousands of certificate emails a send kept.
 */
const VIEW_CONDITIONS: Record<OutboxView, SQL | undefined> = {
  all: undefined,
  certificate: sql`${mailMessages.kind} = 'certificate'`,
  account: sql`${mailMessages.kind} <> 'certificate'`,
};

/** The account and project a message belongs to, by name: either may be gone since. */
const owners = {
  account: sql<{ id: number; name: string } | null>`case when ${accounts.id} is null then null
    else json_build_object('id', ${accounts.id}, 'name', ${accounts.name}) end`,
  project: sql<{ id: number; title: string } | null>`case when ${projects.id} is null then null
    else json_build_object('id', ${projects.id}, 'title', ${projects.title}) end`,
};

type Query = z.output<typeof outboxQuery>;

const whereOf = (query: Query) =>
  and(VIEW_CONDITIONS[query.view], query.search ? ilike(mailMessages.to_address, containsPattern(query.search)) : undefined);

/** The rows of one page, newest first (a query of its own so that its plan can be checked: apps/server/test/admin-outbox.test.ts). */
export function outboxPageQuery(context: AppContext, query: Query) {
  return context.db
    .select({
      id: mailMessages.id,
      to: mailMessages.to_address,
      subject: mailMessages.subject,
      kind: mailMessages.kind,
      status: mailMessages.status,
      created_at: mailMessages.created_at,
      ...owners,
    })
    .from(mailMessages)
    .leftJoin(accounts, eq(accounts.id, mailMessages.account_id))
    .leftJoin(projects, eq(projects.id, mailMessages.project_id))
    .where(whereOf(query))
    .orderBy(desc(mailMessages.id))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A page of the outbox with the number of messages in the view, and what becomes of certificate emails here: kept
 * while no mail server is set, sent without a copy once one is (docs/product/super-admin.md#outbox).
 */
export async function listOutbox(context: AppContext, query: Query): Promise<OutboxPage> {
  const [rows, [total]] = await Promise.all([
    outboxPageQuery(context, query),
    context.db.select({ value: count() }).from(mailMessages).where(whereOf(query)),
  ]);
  return {
    messages: rows.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
    count: total?.value ?? 0,
    certificate_mail: context.transport ? 'sent' : 'kept',
  };
}

/** One message with its body, the headers it was sent with and the names of its attachments. */
export async function findOutboxMessage(context: AppContext, id: number): Promise<OutboxMessage> {
  const [row] = await context.db
    .select({ message: mailMessages, ...owners })
    .from(mailMessages)
    .leftJoin(accounts, eq(accounts.id, mailMessages.account_id))
    .leftJoin(projects, eq(projects.id, mailMessages.project_id))
    .where(eq(mailMessages.id, id));
  if (!row) throw notFound();
  const m = row.message;
  return {
    id: m.id,
    to: m.to_address,
    from: m.from_address,
    subject: m.subject,
    kind: m.kind,
    html: m.html,
    text: m.text,
    status: m.status,
    headers: { 'Message-ID': m.message_id, ...m.headers },
    attachments: m.attachments.map((a) => a.filename),
    account: row.account,
    project: row.project,
    created_at: m.created_at.toISOString(),
    sent_at: m.sent_at?.toISOString() ?? null,
    last_error: m.last_error,
  };
}

import type { AuditEntry } from '@laurel/domain';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { accounts, auditLog, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

const actors = alias(users, 'actors');

/** What was done to an account, newest first: the audit log's rows for it, with who did each (read by the account index). */
export async function accountHistory(
  context: AppContext,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; count: number }> {
  const [account] = await context.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at)));
  if (!account) throw notFound();
  const [rows, [total]] = await Promise.all([
    context.db
      .select({ entry: auditLog, actorEmail: actors.email })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actor_id))
      .where(eq(auditLog.account_id, accountId))
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    context.db.select({ count: count() }).from(auditLog).where(eq(auditLog.account_id, accountId)),
  ]);
  return {
    entries: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      action: entry.action,
      actor: entry.actor_id !== null ? { id: entry.actor_id, email: actorEmail ?? '(deleted user)' } : null,
      user_id: entry.user_id,
      ip: entry.ip,
      details: entry.details,
      created_at: entry.created_at.toISOString(),
    })),
    count: total?.count ?? 0,
  };
}

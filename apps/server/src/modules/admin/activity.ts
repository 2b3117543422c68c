import { ACTIVITY_KIND_RULES, type ActivityKind, type ActivityPage, activityKindOf, type activityQuery } from '@laurel/domain';
import { and, count, desc, eq, gte, inArray, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, auditLog, users } from '../../db/schema.ts';

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

const DAY_MS = 86_400_000;
/** A `YYYY-MM-DD` day's first instant in UTC. */
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** An action prefix as a LIKE pattern (`api_key.` has an underscore, which LIKE would take as any character). */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The actions of one kind (ACTIVITY_KIND_RULES, shared with the screen). */
function kindCondition(kind: ActivityKind): SQL {
  const rule = ACTIVITY_KIND_RULES[kind];
  const any = or(
    ...(rule.actions.length ? [inArray(auditLog.action, rule.actions)] : []),
    ...rule.prefixes.map((prefix) => like(auditLog.action, startsWith(prefix))),
  )!;
  return rule.except?.length ? and(any, not(inArray(auditLog.action, rule.except)))! : any;
}

/** Search text anywhere in what a row shows: the action, the people, the account, the address and the details. */
function searchCondition(text: string): SQL {
  const pattern = containsPattern(text);
  return or(
    sql`${auditLog.action} ilike ${pattern}`,
    sql`${actors.email} ilike ${pattern}`,
    sql`${subjects.email} ilike ${pattern}`,
    sql`${accounts.name} ilike ${pattern}`,
    sql`${auditLog.ip} ilike ${pattern}`,
    sql`${auditLog.details}::text ilike ${pattern}`,
  )!;
}

/**
 * A page of every account's audit log, newest first (docs/product/super-admin.md#activity). Without a search the
 * page is read along `audit_log_created_idx` (or the account's index when one account is asked for) and the
 * people and account are looked up by key for its rows only.
 */
export async function listActivity(context: AppContext, query: z.output<typeof activityQuery>): Promise<ActivityPage> {
  const where = and(
    query.kind ? kindCondition(query.kind) : undefined,
    query.account_id ? eq(auditLog.account_id, query.account_id) : undefined,
    query.from ? gte(auditLog.created_at, startOf(query.from)) : undefined,
    query.to ? lt(auditLog.created_at, new Date(startOf(query.to).getTime() + DAY_MS)) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    context.db
      .select({
        entry: auditLog,
        actorEmail: actors.email,
        subjectEmail: subjects.email,
        accountName: accounts.name,
        accountDeleted: sql<boolean>`${accounts.deleted_at} is not null`,
        accountExists: sql<boolean>`${accounts.id} is not null`,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actor_id))
      .leftJoin(subjects, eq(subjects.id, auditLog.user_id))
      .leftJoin(accounts, eq(accounts.id, auditLog.account_id))
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    // The joins serve only the search: without one, the count reads the audit log alone.
    query.search
      ? context.db
          .select({ value: count() })
          .from(auditLog)
          .leftJoin(actors, eq(actors.id, auditLog.actor_id))
          .leftJoin(subjects, eq(subjects.id, auditLog.user_id))
          .leftJoin(accounts, eq(accounts.id, auditLog.account_id))
          .where(where)
      : context.db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry, actorEmail, subjectEmail, accountName, accountDeleted, accountExists }) => ({
      id: entry.id,
      action: entry.action,
      kind: activityKindOf(entry.action),
      created_at: entry.created_at.toISOString(),
      actor: entry.actor_id !== null ? { id: entry.actor_id, email: actorEmail ?? '(deleted user)' } : null,
      user: entry.user_id !== null ? { id: entry.user_id, email: subjectEmail ?? '(deleted user)' } : null,
      account:
        entry.account_id !== null
          ? { id: entry.account_id, name: accountExists ? accountName : null, deleted: accountDeleted || !accountExists }
          : null,
      ip: entry.ip,
      details: entry.details,
    })),
    count: total?.value ?? 0,
  };
}

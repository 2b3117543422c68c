import type { AdminProjectQuery, AdminProjectSort } from '@laurel/domain';
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, projectCounters, projects, recipients } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { certificateFileKeys } from '../delivery/index.ts';
import { releaseSnapshotFiles } from '../files/index.ts';
import { audit } from '../system/index.ts';
import { isTitleTaken, PROJECT_MESSAGES } from './service.ts';

/** Super-admin tools over every account's projects (docs/product/super-admin.md#screens "Projects Logs", "Manage Resend Attempts"). */

export const PROJECT_ADMIN_MESSAGES = {
  attemptsSaved: 'Resend attempts saved',
  recovered: 'Project recovered',
  notDeleted: 'Only a deleted project can be recovered or deleted for good.',
  stillSending: 'This project is still being sent. Try again when its delivery has finished.',
  deletedForever: 'Project deleted for good',
} as const;

/** Who did it and from where, for the audit log. */
export interface Actor {
  id: number;
  ip: string;
}

/** File deletions in flight at once (an object store answers each one over the network). */
const PARALLEL_DELETES = 16;

const adminColumns = {
  project: {
    id: projects.id,
    title: projects.title,
    key: projects.key,
    account_id: projects.account_id,
    resend_attempts: projects.resend_attempts,
    resend_limit: projects.resend_limit,
    deleted_at: projects.deleted_at,
    created_at: projects.created_at,
    updated_at: projects.updated_at,
  },
  account_name: accounts.name,
  recipients_count: projectCounters.recipients,
  sent_count: projectCounters.sent,
};

export type AdminProjectRow = {
  project: { [K in keyof typeof adminColumns.project]: (typeof projects.$inferSelect)[K] };
  account_name: string;
  recipients_count: number;
  sent_count: number;
};

const SORTS: Record<AdminProjectSort, SQL[]> = {
  newest: [desc(projects.id)],
  oldest: [asc(projects.id)],
  title: [asc(sql`lower(${projects.title})`), desc(projects.id)],
  account: [asc(sql`lower(${accounts.name})`), desc(projects.id)],
  deleted: [sql`${projects.deleted_at} desc nulls last`, desc(projects.id)],
};

const selectAdminProjects = (db: Db) =>
  db
    .select({ ...adminColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(projects)
    .innerJoin(accounts, eq(accounts.id, projects.account_id))
    .innerJoin(projectCounters, eq(projectCounters.project_id, projects.id));

/** Every account's projects, deleted ones included: searched, narrowed to an account or a state, a page at a time. */
export async function listAdminProjects(context: AppContext, query: AdminProjectQuery) {
  const conditions: SQL[] = [];
  if (query.account_id) conditions.push(eq(projects.account_id, query.account_id));
  if (query.state === 'live') conditions.push(isNull(projects.deleted_at));
  if (query.state === 'deleted') conditions.push(isNotNull(projects.deleted_at));
  if (query.like) {
    const pattern = containsPattern(query.like);
    conditions.push(or(ilike(projects.title, pattern), ilike(projects.key, pattern), ilike(accounts.name, pattern))!);
  }
  const rows = await selectAdminProjects(context.db)
    .where(and(...conditions))
    .orderBy(...SORTS[query.sort])
    .limit(query.limit)
    .offset(query.offset);
  // A page past the end has no row to carry the total.
  const count = rows[0]?.total ?? (query.offset ? await countAdminProjects(context, and(...conditions)) : 0);
  return { rows, count };
}

async function countAdminProjects(context: AppContext, where: SQL | undefined) {
  const [row] = await context.db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(projects)
    .innerJoin(accounts, eq(accounts.id, projects.account_id))
    .where(where);
  return row?.value ?? 0;
}

async function findAdminProject(db: Db, id: number): Promise<AdminProjectRow> {
  const [row] = await selectAdminProjects(db).where(eq(projects.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Sets how many group resends a project may make (docs/product/store.md#rules-and-limits: 5). The send path reads the limit from
 * the project under its lock, so a raised limit holds from the next resend on.
 */
export async function updateResendLimit(context: AppContext, actor: Actor, projectId: number, limit: number) {
  return context.db.transaction(async (tx) => {
    const before = await findAdminProject(tx as Db, projectId);
    await tx.update(projects).set({ resend_limit: limit }).where(eq(projects.id, projectId));
    await audit(
      context,
      {
        action: 'project.resend_attempts',
        accountId: before.project.account_id,
        actorId: actor.id,
        ip: actor.ip,
        details: { project_id: projectId, from: before.project.resend_limit, to: limit },
      },
      tx as Db,
    );
    return findAdminProject(tx as Db, projectId);
  });
}

/** Brings a deleted project back to its account's store; a live project of the same title must be renamed first. */
export async function recoverProject(context: AppContext, actor: Actor, projectId: number) {
  try {
    return await context.db.transaction(async (tx) => {
      const before = await findAdminProject(tx as Db, projectId);
      if (!before.project.deleted_at) throw badRequest(PROJECT_ADMIN_MESSAGES.notDeleted);
      await tx.update(projects).set({ deleted_at: null, updated_at: context.clock.now() }).where(eq(projects.id, projectId));
      await audit(
        context,
        {
          action: 'project.recover',
          accountId: before.project.account_id,
          actorId: actor.id,
          ip: actor.ip,
          details: { project_id: projectId, title: before.project.title },
        },
        tx as Db,
      );
      return findAdminProject(tx as Db, projectId);
    });
  } catch (error) {
    if (isTitleTaken(error)) throw badRequest(PROJECT_MESSAGES.titleTaken, { error_type: 'exist', field: 'title' });
    throw error;
  }
}

/**
 * Removes a deleted project for good: its row, its recipients and counters (by cascade) in one
 * transaction with the audit entry, then the certificate PDFs issued to its recipients and the files only
 * its snapshot still held (an attachment its set has since dropped). A project
 * still being sent waits: its deliveries finish first.
 */
export async function deleteProjectForever(context: AppContext, actor: Actor, projectId: number): Promise<void> {
  const { keys, pinned } = await context.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
    if (!locked) throw notFound();
    if (!locked.deleted_at) throw badRequest(PROJECT_ADMIN_MESSAGES.notDeleted);
    const [counters] = await tx.select().from(projectCounters).where(eq(projectCounters.project_id, projectId));
    if (locked.pending_send || (counters?.pending ?? 0) > 0) throw conflict(PROJECT_ADMIN_MESSAGES.stillSending);
    // A recipient's PDF is drawn when their delivery starts; one never queued has none.
    const issued = await tx
      .select({ token: recipients.token, certificate_version: recipients.certificate_version })
      .from(recipients)
      .where(and(eq(recipients.project_id, projectId), ne(recipients.state, 'draft')));
    await tx.delete(projects).where(eq(projects.id, projectId));
    await audit(
      context,
      {
        action: 'project.delete_forever',
        accountId: locked.account_id,
        actorId: actor.id,
        ip: actor.ip,
        details: { project_id: projectId, title: locked.title, recipients: counters?.recipients ?? 0 },
      },
      tx as Db,
    );
    return { keys: issued.flatMap(certificateFileKeys), pinned: (locked.snapshot.uploads ?? []).map((file) => file.key) };
  });
  // After the commit: a crash here leaves unreachable bytes, never a project without its files.
  for (let i = 0; i < keys.length; i += PARALLEL_DELETES) {
    await Promise.all(keys.slice(i, i + PARALLEL_DELETES).map((key) => context.files.delete(key)));
  }
  await releaseSnapshotFiles(context, pinned);
}

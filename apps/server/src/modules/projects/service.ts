import { randomBytes } from 'node:crypto';
import { type CertificateDesign, mappingProblem, migrateDesign, recipientFields } from '@laurel/certificate';
import { utcDay } from '@laurel/domain';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { projectCounters as projectCountersTable, projects, recipients } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMaySend, visibleProjectOwners } from '../../http/permissions.ts';
import { findCertificateSet, type Member, setAttachmentFiles } from '../certificates/index.ts';
import { type ProjectColumns, savedColumns } from './columns.ts';
import { type CleanRecipient, cleanRecipients, type MappedRow } from './recipient-rows.ts';

type ProjectRow = typeof projects.$inferSelect;

export const PROJECT_MESSAGES = { titleTaken: 'Project title must be unique.' } as const;
const INSERT_BATCH = 1_000;

export interface ProjectInput {
  title: string;
  key?: string;
  certificate_id: number;
  filename?: string | null;
  /** Column title -> field key, as matched in the wizard; absent for a list typed in by hand. */
  mapping?: ProjectColumns;
  recipients: MappedRow[];
}

/** Whose view of the projects a query takes: a signed-in member, or the member an export job runs for. */
export type Viewer = Pick<Member, 'accountId' | 'user'>;

/**
 * The projects a viewer may see: live projects of their account and, for a sub-user not allowed
 * everyone's projects, only their own and their chosen colleagues' (docs/product/store.md#who-may-do-what, docs/product/store.md#what-is-kept). One
 * project, a list, or many projects' recipients at once all go through this rule.
 */
export function visibleProjects(viewer: Viewer): SQL {
  const conditions = [eq(projects.account_id, viewer.accountId), isNull(projects.deleted_at)];
  const owners = visibleProjectOwners(viewer.user);
  if (owners) conditions.push(inArray(projects.user_id, owners));
  return and(...conditions)!;
}

export async function findProject(context: AppContext, member: Member, id: number) {
  const [project] = await context.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(member)));
  if (!project) throw notFound();
  return project;
}

/** A recipient of a project the member can see; anyone else's is a 404. */
export async function findRecipient(context: AppContext, member: Member, id: number) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(and(eq(recipients.id, id), visibleProjects(member)));
  if (!row) throw notFound();
  return row;
}

export const isTitleTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (
    (e.code ?? e.cause?.code) === '23505' &&
    /projects_title_unique/.test(e.constraint ?? e.cause?.constraint ?? String((error as Error).message))
  );
};

/**
 * Saves a project: the recipients checked against the set's fields, a snapshot of the set, and one
 * certificate number and public link per recipient, all in one transaction.
 */
export async function createProject(context: AppContext, member: Member, input: ProjectInput) {
  assertMaySend(member.user);
  const set = await findCertificateSet(context, member, input.certificate_id);
  const design = migrateDesign(set.design);
  const clean = validRecipients(design, input.recipients, utcDay(context.clock.now()));
  const mapping = savedColumns(design, input.mapping);
  const uploads = await setAttachmentFiles(context, set.id);
  const now = context.clock.now();
  try {
    return await context.db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          account_id: member.accountId,
          user_id: member.user.id,
          certificate_id: set.id,
          title: input.title,
          key: input.key ?? '',
          snapshot: { name: set.name, design: design as unknown as Record<string, unknown>, email: set.email, uploads },
          mapping,
          filename: input.filename ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await insertRecipients(tx as Db, project!, clean, 0, now);
      return project!;
    });
  } catch (error) {
    if (isTitleTaken(error)) throw badRequest(PROJECT_MESSAGES.titleTaken, { error_type: 'exist', field: 'title' });
    throw error;
  }
}

/** The rows checked against the design's fields: every field mapped, names, emails and dates valid, no expiry already past. */
function validRecipients(design: CertificateDesign, rows: MappedRow[], today: string) {
  const fields = recipientFields(design);
  const mapped = new Set(rows.flatMap((row) => Object.keys(row).filter((k) => (row[k] ?? '').trim() !== '')));
  const problem = mappingProblem(fields, mapped);
  if (problem) throw badRequest(problem, { error_type: 'mapping' });
  return cleanRecipients(rows, fields, design, today);
}

/** Inserts recipients in batches, each with its certificate number and a 192-bit public token. */
async function insertRecipients(tx: Db, project: ProjectRow, clean: CleanRecipient[], numberedSoFar: number, now: Date) {
  for (let start = 0; start < clean.length; start += INSERT_BATCH) {
    await tx.insert(recipients).values(
      clean.slice(start, start + INSERT_BATCH).map((r, i) => ({
        ...r,
        project_id: project.id,
        account_id: project.account_id,
        token: randomBytes(24).toString('base64url'),
        certificate_number: `${project.id}-${String(numberedSoFar + start + i + 1).padStart(4, '0')}`,
        created_at: now,
        updated_at: now,
      })),
    );
  }
}

/**
 * Adds recipients to a project, sent or not: they are checked against the design the project was
 * saved with (its snapshot) and wait, unsent, for the next send.
 */
export async function addRecipients(context: AppContext, member: Member, projectId: number, rows: MappedRow[]) {
  assertMaySend(member.user);
  const project = await findProject(context, member, projectId);
  const clean = validRecipients(migrateDesign(project.snapshot.design), rows, utcDay(context.clock.now()));
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    // Under the project's lock, so two additions at once number their certificates apart.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    const [numbered] = await tx.select({ value: count() }).from(recipients).where(eq(recipients.project_id, project.id));
    await insertRecipients(tx as Db, project, clean, numbered?.value ?? 0, now);
    await tx.update(projects).set({ updated_at: now }).where(eq(projects.id, project.id));
  });
  return { project, added: clean.length };
}

/** A project's recipients counted by state: the row the database keeps up to date with every change. */
export async function readProjectCounters(context: AppContext, projectId: number) {
  const [row] = await context.db.select().from(projectCountersTable).where(eq(projectCountersTable.project_id, projectId));
  if (!row) throw new Error(`Project ${projectId} has no counters row`);
  return row;
}

type CountersRow = typeof projectCountersTable.$inferSelect;

/** The project counters of docs/product/store.md#what-is-kept, from the counters row. */
export function spec3Counters(row: CountersRow) {
  return {
    recipients_count: row.recipients,
    sent_count: row.sent,
    sent_pending: row.pending,
    unsent_count: row.draft,
    undeliverable: row.bounced + row.failed + row.suppressed,
    unvisited_recipients: row.unvisited,
    sendable_recipients: row.sendable,
  };
}

export async function projectCounters(context: AppContext, projectId: number) {
  return spec3Counters(await readProjectCounters(context, projectId));
}

const SORTS = {
  last_name: [asc(recipients.last_name), asc(recipients.first_name)],
  first_name: [asc(recipients.first_name)],
  email: [asc(recipients.email)],
  newest: [desc(recipients.id)],
} as const;
export type RecipientSort = keyof typeof SORTS;

export async function listRecipients(
  context: AppContext,
  member: Member,
  query: { project_id: number; limit: number; offset: number; like?: string; sort: RecipientSort },
) {
  const project = await findProject(context, member, query.project_id);
  const conditions = [eq(recipients.project_id, project.id)];
  if (query.like) {
    const pattern = containsPattern(query.like);
    conditions.push(or(ilike(recipients.first_name, pattern), ilike(recipients.last_name, pattern), ilike(recipients.email, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    context.db
      .select()
      .from(recipients)
      .where(where)
      .orderBy(...SORTS[query.sort], asc(recipients.id))
      .limit(query.limit)
      .offset(query.offset),
    context.db.select({ value: count() }).from(recipients).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

const PROJECT_SORTS = {
  id: desc(projects.id),
  newest: desc(projects.created_at),
  title: asc(projects.title),
} as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;

/** The store's project list (docs/product/store.md#screens): search in title and memo, newest first by default. */
export async function listProjects(
  context: AppContext,
  member: Member,
  query: { limit: number; offset: number; like?: string; sort: ProjectSort },
) {
  const conditions = [visibleProjects(member)];
  if (query.like) {
    const pattern = containsPattern(query.like);
    conditions.push(or(ilike(projects.title, pattern), ilike(projects.key, pattern))!);
  }
  // One query for the page, its counters and the total: a list shown during a send waits for the
  // database once, not once per project.
  const rows = await context.db
    .select({ project: listedColumns, counters: projectCountersTable, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(projects)
    .innerJoin(projectCountersTable, eq(projectCountersTable.project_id, projects.id))
    .where(and(...conditions))
    .orderBy(PROJECT_SORTS[query.sort], desc(projects.id))
    .limit(query.limit)
    .offset(query.offset);
  const count = rows[0]?.total ?? (query.offset ? await countProjects(context, and(...conditions)!) : 0);
  return { rows, count };
}

/** A page past the end has no row to carry the total. */
async function countProjects(context: AppContext, where: SQL) {
  const [total] = await context.db.select({ value: count() }).from(projects).where(where);
  return total?.value ?? 0;
}

/** A project's columns but the plan of a send being queued, which can hold thousands of ids. */
const { pending_send: _plan, ...listedColumns } = getTableColumns(projects);

/** Renaming and annotating a project is part of sending, like the project itself. */
export async function updateProjectMemo(context: AppContext, member: Member, id: number, input: { memo?: string; title?: string }) {
  assertMaySend(member.user);
  const project = await findProject(context, member, id);
  try {
    const [updated] = await context.db
      .update(projects)
      .set({ key: input.memo ?? project.key, title: input.title ?? project.title, updated_at: context.clock.now() })
      .where(eq(projects.id, project.id))
      .returning();
    return updated!;
  } catch (error) {
    if (isTitleTaken(error)) throw badRequest(PROJECT_MESSAGES.titleTaken, { error_type: 'exist', field: 'title' });
    throw error;
  }
}

/** Soft delete: the project leaves the store; super-admins can still recover it. */
export async function deleteProject(context: AppContext, member: Member, id: number): Promise<void> {
  assertMaySend(member.user);
  const project = await findProject(context, member, id);
  await context.db.update(projects).set({ deleted_at: context.clock.now() }).where(eq(projects.id, project.id));
}

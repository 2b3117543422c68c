import { createHash, randomBytes } from 'node:crypto';
import { type ExportStarted, type ExportType, normalizeEmail, type SearchFilter } from '@laurel/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, dataExports, projects, recipients, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMaySend, isSubUser } from '../../http/permissions.ts';
import type { Executor } from '../../jobs/queue.ts';
import { assertFeature } from '../billing/index.ts';
import type { Member } from '../certificates/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { findProject } from '../projects/index.ts';
import { searchConditions } from '../store/index.ts';
import { exportEstimateMinutes } from './estimate.ts';
import { exportJob } from './job.ts';

/** A whole export is built in one worker's memory; beyond this it must be split. */
export const EXPORT_ROW_LIMIT = 100_000;

export const EXPORT_MESSAGES = {
  started: 'Export started',
  address: 'The export can only be sent to a user of this account.',
  empty: 'There are no recipients to export.',
  tooLarge: `An export holds at most ${EXPORT_ROW_LIMIT.toLocaleString('en-US')} recipients. Export fewer projects or narrow the search.`,
} as const;

/**
 * Exports are shown only for premium accounts (docs/product/store.md#who-may-do-what): the catalogue's `export` feature. A sub-user also needs
 * the right to send: an export hands the recipients' data out of the account, as a send does.
 */
export async function assertMayExport(context: AppContext, member: Member): Promise<void> {
  assertMaySend(member.user);
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, member.accountId));
  if (!account) throw notFound();
  assertFeature(account, 'export', context.clock.now());
}

/**
 * Where the download link goes: the requester by default, or another user of the same account. A
 * file of recipients' personal data is never mailed outside the account.
 */
async function exportAddress(context: AppContext, member: Member, email: string | undefined): Promise<string> {
  const address = email ? normalizeEmail(email) : member.user.email;
  if (address === member.user.email) return address;
  const [colleague] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), eq(users.account_id, member.accountId)));
  if (!colleague) throw badRequest(EXPORT_MESSAGES.address, { field: 'email' });
  return address;
}

/** How many recipients the projects hold, each project checked against what the member may see. */
export async function projectsRecipientsCount(context: AppContext, member: Member, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await findProject(context, member, id);
  if (!unique.length) return 0;
  const [row] = await context.db
    .select({ value: count() })
    .from(recipients)
    .where(and(inArray(recipients.project_id, unique), eq(recipients.account_id, member.accountId)));
  return row?.value ?? 0;
}

export async function searchRecipientsCount(context: AppContext, member: Member, filter: SearchFilter): Promise<number> {
  const [row] = await context.db
    .select({ value: count() })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(searchConditions(member, filter));
  return row?.value ?? 0;
}

interface ExportRequest {
  kind: 'projects' | 'search';
  export_type: ExportType;
  email?: string;
  title: string;
  params: Record<string, unknown>;
  rows: number;
}

/**
 * Records the export and enqueues its job in one transaction. The row is unique by a digest of who
 * asked for what, where to, and the minute it was asked: a double click starts one export, while the
 * same export asked for later is a new one with the data as it is then.
 */
async function startExport(context: AppContext, member: Member, request: ExportRequest): Promise<ExportStarted> {
  if (request.rows === 0) throw badRequest(EXPORT_MESSAGES.empty);
  if (request.rows > EXPORT_ROW_LIMIT) throw badRequest(EXPORT_MESSAGES.tooLarge);
  const email = await exportAddress(context, member, request.email);
  const now = context.clock.now();
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        member.accountId,
        member.user.id,
        request.kind,
        request.params,
        request.export_type,
        email,
        Math.floor(now.getTime() / 60_000),
      ]),
    )
    .digest('base64url');
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataExports)
      .values({
        account_id: member.accountId,
        user_id: member.user.id,
        key,
        kind: request.kind,
        export_type: request.export_type,
        email,
        title: request.title,
        params: request.params,
        file_key: `export-${randomBytes(18).toString('base64url')}.${request.export_type}`,
        created_at: now,
      })
      .onConflictDoNothing({ target: dataExports.key })
      .returning({ id: dataExports.id });
    if (row) await context.queue.enqueue(exportJob, { exportId: row.id }, { tx: tx as Executor, key: `export:${row.id}` });
  });
  return {
    success: true,
    message: EXPORT_MESSAGES.started,
    email,
    recipients_count: request.rows,
    estimated_minutes: exportEstimateMinutes(request.rows),
  };
}

/** One project's recipients (`run-export`): a project the member may not see is a 404 before any other check. */
export async function exportProject(
  context: AppContext,
  member: Member,
  input: { project_id: number; export_type: ExportType; email?: string },
): Promise<ExportStarted> {
  await findProject(context, member, input.project_id);
  return exportProjects(context, member, { projectIds: [input.project_id], export_type: input.export_type, email: input.email });
}

export async function exportProjects(
  context: AppContext,
  member: Member,
  input: { projectIds: number[]; export_type: ExportType; email?: string },
): Promise<ExportStarted> {
  await assertMayExport(context, member);
  const ids = [...new Set(input.projectIds)];
  const rows = await projectsRecipientsCount(context, member, ids);
  const title = ids.length === 1 ? (await findProject(context, member, ids[0]!)).title : `${ids.length} projects`;
  return startExport(context, member, {
    kind: 'projects',
    export_type: input.export_type,
    email: input.email,
    title,
    params: { project_ids: ids },
    rows,
  });
}

export async function exportSearch(
  context: AppContext,
  member: Member,
  input: { filter: SearchFilter; columns: string[]; export_type: ExportType; email?: string },
): Promise<ExportStarted> {
  await assertMayExport(context, member);
  const rows = await searchRecipientsCount(context, member, input.filter);
  return startExport(context, member, {
    kind: 'search',
    export_type: input.export_type,
    email: input.email,
    title: 'Search results',
    params: { filter: input.filter, columns: input.columns },
    rows,
  });
}

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** How long a direct link to an export in the bucket stays valid: the browser follows it at once. */
const DIRECT_LINK_SECONDS = 300;

/**
 * A finished export file: by the signed link mailed to the issuer (no member then), or for a signed-in
 * member of the account that made it; a sub-user reaches only the exports they asked for. From a bucket
 * the browser is sent to a short-lived presigned address of the file (`redirect`), so a large export
 * never passes through the API process; from DATA_DIR the bytes come back to be sent.
 */
export async function findExportFile(
  context: AppContext,
  member: Member | null,
  file: string,
): Promise<{ redirect: string } | { bytes: Buffer; contentType: string; disposition: string }> {
  const conditions = [eq(dataExports.file_key, file), eq(dataExports.status, 'done')];
  if (member) {
    conditions.push(eq(dataExports.account_id, member.accountId));
    if (isSubUser(member.user)) conditions.push(eq(dataExports.user_id, member.user.id));
  }
  const [record] = await context.db
    .select()
    .from(dataExports)
    .where(and(...conditions));
  const gone = () => notFound('This export is no longer available. Please start it again from the Store.');
  if (!record || !(await context.files.exists(record.file_key))) throw gone();
  const type = record.export_type as ExportType;
  const contentType = EXPORT_CONTENT_TYPES[type];
  const disposition = attachmentDisposition(`${record.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Recipients'} - recipients.${type}`);
  const direct = await context.files.directUrl(record.file_key, { contentType, disposition, expiresInSeconds: DIRECT_LINK_SECONDS });
  if (direct) return { redirect: direct };
  const bytes = await context.files.get(record.file_key);
  if (!bytes) throw gone();
  return { bytes, contentType, disposition };
}

import type { SearchFilter } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataExports, users } from '../../db/schema.ts';
import { signPath } from '../../http/signed-urls.ts';
import { defineJob, type Executor } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Viewer } from '../projects/index.ts';
import { projectExportRows, searchExportRows } from './collect.ts';
import { toCsv, toXlsx } from './files.ts';
import { exportFailedMail, exportReadyMail } from './mail.ts';

type ExportJob = { exportId: number };
type ExportRecord = typeof dataExports.$inferSelect;

export const EXPORT_LINK_DAYS = 7;

export const exportDownloadPath = (record: Pick<ExportRecord, 'file_key'>) => `/api/exports/${record.file_key}`;

/** The member the export was asked by, as they are now: a user who left the account exports nothing. */
async function viewerOf(context: AppContext, record: ExportRecord): Promise<(Viewer & { firstName: string }) | null> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, record.user_id), eq(users.account_id, record.account_id)));
  if (!user?.active || user.banned) return null;
  return { accountId: record.account_id, user, firstName: user.first_name };
}

async function build(context: AppContext, record: ExportRecord, viewer: Viewer) {
  const params = record.params as { project_ids?: number[]; filter?: SearchFilter; columns?: string[] };
  const { columns, rows } =
    record.kind === 'projects'
      ? await projectExportRows(context, viewer, params.project_ids ?? [])
      : await searchExportRows(context, viewer, params.filter ?? {}, params.columns ?? []);
  const bytes = record.export_type === 'csv' ? toCsv(columns, rows) : await toXlsx(columns, rows, record.title);
  return { bytes, rows: rows.length };
}

/** Marks the export finished and queues its mail in one transaction: a second run finds it done and sends nothing. */
async function finish(
  context: AppContext,
  record: ExportRecord,
  outcome: { status: 'done'; rows: number } | { status: 'failed'; error: string },
  mail: ReturnType<typeof exportReadyMail>,
) {
  await context.db.transaction(async (tx) => {
    const [finished] = await tx
      .update(dataExports)
      .set({
        status: outcome.status,
        finished_at: context.clock.now(),
        ...(outcome.status === 'done' ? { row_count: outcome.rows } : { error: outcome.error.slice(0, 500) }),
      })
      .where(and(eq(dataExports.id, record.id), eq(dataExports.status, 'queued')))
      .returning({ id: dataExports.id });
    if (!finished) return;
    await queueMail(context, tx as Db, { ...mail, to: record.email, accountId: record.account_id });
    if (outcome.status === 'done') {
      // The file goes once its mailed link has lapsed: recipients' data is not kept longer than needed.
      const lapse = new Date(context.clock.now().getTime() + EXPORT_LINK_DAYS * 86_400_000 + 3_600_000);
      await context.queue.enqueue(
        exportRemovalJob,
        { exportId: record.id },
        { tx: tx as Executor, key: `export-removal:${record.id}`, startAfter: lapse },
      );
    }
  });
}

/**
 * Writes the file, or leaves none: a disk that fills up or a bucket that refuses mid-write must not
 * keep half a file of recipients' data behind (nothing serves it, as the export is not done, but it
 * would stay until a retry overwrites it, or for ever if none succeeds).
 */
async function storeWhole(context: AppContext, key: string, bytes: Buffer): Promise<void> {
  try {
    await context.files.put(key, bytes);
  } catch (error) {
    await context.files.delete(key).catch(() => {});
    throw error;
  }
}

/** Deletes an export's file after its link has lapsed; the download then says it is no longer available. */
export const exportRemovalJob = defineJob<ExportJob, AppContext>({
  name: 'recipients.export.remove-file',
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60,
  async handle({ exportId }, context) {
    const [record] = await context.db.select({ file_key: dataExports.file_key }).from(dataExports).where(eq(dataExports.id, exportId));
    if (record) await context.files.delete(record.file_key);
  },
});

/** Runs when an export has used up its retries: the issuer learns that it failed instead of waiting. */
export const exportGaveUpJob = defineJob<ExportJob, AppContext>({
  name: 'recipients.export.gave-up',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  async handle({ exportId }, context) {
    const [record] = await context.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (record?.status !== 'queued') return;
    const [user] = await context.db.select({ first_name: users.first_name }).from(users).where(eq(users.id, record.user_id));
    // Whatever a failed run may have left of the file goes with it.
    await context.files.delete(record.file_key);
    const mail = exportFailedMail({ firstName: user?.first_name ?? '', title: record.title, exportUrl: `${context.env.PUBLIC_URL}/store` });
    await finish(context, record, { status: 'failed', error: 'gave up after repeated failures' }, mail);
  },
});

/**
 * Writes one export and mails its link. Idempotent: the file goes under the key chosen when the
 * export was asked for (a retry overwrites it with the same content), and the mail is queued in the
 * same transaction that marks the export done, so it is sent once.
 */
export const exportJob = defineJob<ExportJob, AppContext>({
  name: 'recipients.export',
  retryLimit: 3,
  retryDelaySeconds: 20,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 30,
  deadLetter: exportGaveUpJob,
  async handle({ exportId }, context) {
    const [record] = await context.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (record?.status !== 'queued') return;
    const viewer = await viewerOf(context, record);
    if (!viewer) {
      await context.db
        .update(dataExports)
        .set({ status: 'failed', error: 'the requesting user left the account', finished_at: context.clock.now() })
        .where(eq(dataExports.id, record.id));
      return;
    }
    const { bytes, rows } = await build(context, record, viewer);
    await storeWhole(context, record.file_key, bytes);
    const url = `${context.env.PUBLIC_URL}${signPath(context, exportDownloadPath(record), EXPORT_LINK_DAYS * 86_400_000)}`;
    const mail = exportReadyMail({
      firstName: viewer.firstName,
      title: record.title,
      rows,
      type: record.export_type as 'csv' | 'xlsx',
      url,
      validDays: EXPORT_LINK_DAYS,
    });
    await finish(context, record, { status: 'done', rows }, mail);
  },
});

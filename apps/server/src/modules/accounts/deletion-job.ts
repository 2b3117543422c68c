import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  accountDeletions,
  accountFonts,
  accounts,
  certificateSets,
  creditLedger,
  dataExports,
  mailMessages,
  mappings,
  projects,
  recipients,
  storedFiles,
  suppressions,
  users,
  withdrawnCertificates,
} from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import { certificateFileKeys } from '../delivery/index.ts';

/** Rows removed per transaction: no statement of the removal holds the database for long. */
const BATCH = 500;
/** File deletions in flight at once (an object store answers each one over the network). */
const PARALLEL_DELETES = 16;

type Deletion = typeof accountDeletions.$inferSelect;

/**
 * Removes a deleted account's data, a batch per transaction, then the account itself. Each batch deletes
 * the bytes of its files first and then, in one transaction, its rows and the count in the deletion
 * record, so a run stopped at any point (a crash, a redeploy) resumes where it was: bytes already gone
 * are deleted again harmlessly and no row is counted twice. A finished deletion makes the job a no-op.
 */
export const accountDeletionJob = defineJob<{ deletionId: number }, AppContext>({
  name: 'account.delete',
  retryLimit: 20,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  heartbeatSeconds: 30,
  async handle({ deletionId }, context) {
    const [deletion] = await context.db.select().from(accountDeletions).where(eq(accountDeletions.id, deletionId));
    if (!deletion || deletion.finished_at) return;
    await removeAccountData(context, deletion);
  },
});

export async function removeAccountData(context: AppContext, deletion: Deletion): Promise<void> {
  const accountId = deletion.account_id;
  // Recipients first: each leaves its link token behind, and its issued PDF goes with it.
  await inBatches(() => removeRecipients(context, deletion));
  await inBatches(() =>
    removeWithFiles(
      context,
      deletion.id,
      'exports',
      dataExports,
      dataExports.id,
      dataExports.file_key,
      eq(dataExports.account_id, accountId),
    ),
  );
  await inBatches(() =>
    removeWithFiles(context, deletion.id, 'files', storedFiles, storedFiles.id, storedFiles.key, eq(storedFiles.account_id, accountId)),
  );
  await inBatches(() => removeRows(context, deletion.id, 'mail', mailMessages, mailMessages.id, eq(mailMessages.account_id, accountId)));
  await inBatches(() => removeRows(context, deletion.id, 'projects', projects, projects.id, eq(projects.account_id, accountId)));
  await inBatches(() =>
    removeRows(context, deletion.id, 'sets', certificateSets, certificateSets.id, eq(certificateSets.account_id, accountId)),
  );
  await inBatches(() => removeRows(context, deletion.id, 'fonts', accountFonts, accountFonts.id, eq(accountFonts.account_id, accountId)));
  await inBatches(() => removeRows(context, deletion.id, 'mappings', mappings, mappings.id, eq(mappings.account_id, accountId)));
  await inBatches(() =>
    removeRows(context, deletion.id, 'suppressions', suppressions, suppressions.id, eq(suppressions.account_id, accountId)),
  );
  // A super-admin who was also a user of the account keeps their sign-in, without the account.
  await context.db
    .update(users)
    .set({ account_id: null, roles: ['global_admin'] })
    .where(and(eq(users.account_id, accountId), sql`'global_admin' = any(${users.roles})`));
  await inBatches(() => removeRows(context, deletion.id, 'users', users, users.id, eq(users.account_id, accountId)));
  await finish(context, deletion);
}

async function inBatches(step: () => Promise<number>): Promise<void> {
  while ((await step()) > 0);
}

/** Adds to the deletion record's count of one kind, in the transaction that removed the rows. */
async function count(tx: Db, deletionId: number, kind: string, removed: number): Promise<void> {
  if (removed === 0) return;
  await tx
    .update(accountDeletions)
    .set({
      removed: sql`${accountDeletions.removed} || jsonb_build_object(${kind}::text, coalesce((${accountDeletions.removed}->>${kind}::text)::int, 0) + ${removed}::int)`,
    })
    .where(eq(accountDeletions.id, deletionId));
}

async function deleteBytes(context: AppContext, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += PARALLEL_DELETES) {
    await Promise.all(keys.slice(i, i + PARALLEL_DELETES).map((key) => context.files.delete(key)));
  }
}

async function removeRecipients(context: AppContext, deletion: Deletion): Promise<number> {
  const batch = await context.db
    .select()
    .from(recipients)
    .where(eq(recipients.account_id, deletion.account_id))
    .orderBy(recipients.id)
    .limit(BATCH);
  if (!batch.length) return 0;
  await deleteBytes(context, batch.flatMap(certificateFileKeys));
  return context.db.transaction(async (tx) => {
    await tx
      .insert(withdrawnCertificates)
      .values(batch.map((r) => ({ token: r.token, deletion_id: deletion.id })))
      .onConflictDoNothing();
    const removed = await tx
      .delete(recipients)
      .where(
        inArray(
          recipients.id,
          batch.map((r) => r.id),
        ),
      )
      .returning({ id: recipients.id });
    await count(tx as Db, deletion.id, 'recipients', removed.length);
    return batch.length;
  });
}

async function removeWithFiles(
  context: AppContext,
  deletionId: number,
  kind: string,
  table: PgTable,
  id: PgColumn,
  fileKey: PgColumn,
  where: ReturnType<typeof eq>,
): Promise<number> {
  const batch = (await context.db.select({ id, key: fileKey }).from(table).where(where).orderBy(id).limit(BATCH)) as {
    id: number;
    key: string;
  }[];
  if (!batch.length) return 0;
  await deleteBytes(
    context,
    batch.map((row) => row.key),
  );
  return removeIds(context, deletionId, kind, table, id, batch);
}

async function removeRows(
  context: AppContext,
  deletionId: number,
  kind: string,
  table: PgTable,
  id: PgColumn,
  where: ReturnType<typeof eq>,
): Promise<number> {
  const batch = (await context.db.select({ id }).from(table).where(where).orderBy(id).limit(BATCH)) as { id: number }[];
  if (!batch.length) return 0;
  return removeIds(context, deletionId, kind, table, id, batch);
}

async function removeIds(
  context: AppContext,
  deletionId: number,
  kind: string,
  table: PgTable,
  id: PgColumn,
  batch: { id: number }[],
): Promise<number> {
  return context.db.transaction(async (tx) => {
    const removed = await tx
      .delete(table)
      .where(
        inArray(
          id,
          batch.map((row) => row.id),
        ),
      )
      .returning({ id });
    await count(tx as Db, deletionId, kind, removed.length);
    return batch.length;
  });
}

/**
 * The last step: the ledger's totals go into the deletion record (the ledger's rows go with the account,
 * money stays accounted for), the account row goes (its URL is free again from this commit) and the
 * deletion is marked finished, all in one transaction.
 */
async function finish(context: AppContext, deletion: Deletion): Promise<void> {
  await context.db.transaction(async (tx) => {
    const buckets = await tx
      .select({
        bucket: creditLedger.bucket,
        balance: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`,
        granted: sql<number>`coalesce(sum(${creditLedger.delta}) filter (where ${creditLedger.delta} > 0), 0)::int`,
        used: sql<number>`coalesce(-sum(${creditLedger.delta}) filter (where ${creditLedger.delta} < 0), 0)::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.account_id, deletion.account_id))
      .groupBy(creditLedger.bucket);
    const byKind = await tx
      .select({
        bucket: creditLedger.bucket,
        kind: creditLedger.kind,
        total: sql<number>`sum(${creditLedger.delta})::int`,
        entries: sql<number>`count(*)::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.account_id, deletion.account_id))
      .groupBy(creditLedger.bucket, creditLedger.kind)
      .orderBy(creditLedger.bucket, creditLedger.kind);
    const [account] = await tx
      .delete(accounts)
      .where(eq(accounts.id, deletion.account_id))
      .returning({ credits: accounts.credits, subscription_credits: accounts.subscription_credits });
    // A second run after the account row went (the first one's commit was not acknowledged) keeps the totals it wrote.
    const ledger = account
      ? {
          balances: { payg: account.credits, subscription: account.subscription_credits },
          buckets: Object.fromEntries(buckets.map(({ bucket, ...totals }) => [bucket, totals])),
          by_kind: byKind,
        }
      : deletion.ledger;
    await count(tx as Db, deletion.id, 'accounts', account ? 1 : 0);
    await tx.update(accountDeletions).set({ ledger, finished_at: context.clock.now() }).where(eq(accountDeletions.id, deletion.id));
  });
}

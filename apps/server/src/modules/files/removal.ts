import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mailMessages, projects, storedFiles } from '../../db/schema.ts';

/**
 * Removing an attachment or a font removes its file: `/api/files/{key}` answers 404 from the commit
 * of `tx` on, and the bytes leave the store once it has committed (`deleteRemovedBytes`).
 */
export async function forgetStoredFiles(tx: Db, keys: string[]): Promise<void> {
  if (keys.length) await tx.delete(storedFiles).where(inArray(storedFiles.key, keys));
}

/**
 * Deletes the bytes of files already forgotten. A message still queued in the outbox (a test email
 * sent a moment before) keeps the bytes it carries, so that message still goes out whole; so does a
 * project whose snapshot pinned the file, whose messages (a retry, a resend) carry it still.
 */
export async function deleteRemovedBytes(context: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    const [waiting] = await context.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, 'queued'), sql`${mailMessages.attachments} @> ${JSON.stringify([{ key }])}::jsonb`))
      .limit(1);
    if (waiting) continue;
    const [pinned] = await context.db
      .select({ id: projects.id })
      .from(projects)
      .where(sql`${projects.snapshot} -> 'uploads' @> ${JSON.stringify([{ key }])}::jsonb`)
      .limit(1);
    if (!pinned) await context.files.delete(key);
  }
}

/**
 * A project deleted for good no longer pins its snapshot's files: those its set has since let go of (no
 * longer stored files) lose their bytes now, unless another project or a queued message still carries them.
 */
export async function releaseSnapshotFiles(context: AppContext, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const stored = await context.db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, keys));
  const kept = new Set(stored.map((s) => s.key));
  await deleteRemovedBytes(
    context,
    keys.filter((key) => !kept.has(key)),
  );
}

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issuedCertificateFiles, type recipients } from '../../db/schema.ts';

/**
 * The digests of the certificate files Laurel hands out: each PDF when it is drawn (a send records its batch's in
 * one statement) and each PNG as it is served. The verify page calls a PDF or PNG the document that was issued only
 * when its SHA-256 is one of these; a genuine credential inside any other file is said to be just that.
 */

type RecipientRow = typeof recipients.$inferSelect;
export type IssuedFileKind = 'pdf' | 'png';

/** A file handed out, by its digest: a send's batch keeps this much of each PDF until it records them, not the bytes. */
export interface IssuedFile {
  recipient: Pick<RecipientRow, 'id' | 'account_id' | 'certificate_version'>;
  kind: IssuedFileKind;
  sha256: string;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export const issuedFile = (recipient: IssuedFile['recipient'], kind: IssuedFileKind, bytes: Buffer): IssuedFile => ({
  recipient,
  kind,
  sha256: sha256(bytes),
});

/** Digests recorded lately by this process: a PNG asked for again (a page's image, an email opened twice) costs no round trip. */
const RECENT_LIMIT = 4096;
const recentByContext = new WeakMap<AppContext, Set<string>>();

/**
 * Records that these files were handed out, in one statement; a file recorded before is left as it is. Files this
 * process recorded lately are skipped, unless `recheck` (a file found missing from the record a moment ago).
 */
export async function recordIssuedFiles(context: AppContext, files: readonly IssuedFile[], { recheck = false } = {}): Promise<void> {
  const recent = recentByContext.get(context) ?? new Set<string>();
  recentByContext.set(context, recent);
  const now = context.clock.now();
  const rows = files.map(({ recipient, kind, sha256 }) => ({
    sha256,
    recipient_id: recipient.id,
    account_id: recipient.account_id,
    version: recipient.certificate_version,
    kind,
    created_at: now,
  }));
  const seen = (row: (typeof rows)[number]) => `${row.sha256}:${row.recipient_id}:${row.version}:${row.kind}`;
  const fresh = recheck ? rows : rows.filter((row) => !recent.has(seen(row)));
  if (!fresh.length) return;
  await context.db.insert(issuedCertificateFiles).values(fresh).onConflictDoNothing();
  for (const row of fresh) {
    recent.add(seen(row));
    if (recent.size > RECENT_LIMIT) recent.delete(recent.values().next().value!);
  }
}

/** Whether a file with these bytes was handed out for this version of the recipient's certificate. */
export async function isRecordedFile(
  context: AppContext,
  issued: { recipientId: number; accountId: number; version: number },
  kind: IssuedFileKind,
  bytes: Buffer,
): Promise<boolean> {
  const [row] = await context.db
    .select({ sha256: issuedCertificateFiles.sha256 })
    .from(issuedCertificateFiles)
    .where(
      and(
        eq(issuedCertificateFiles.sha256, sha256(bytes)),
        eq(issuedCertificateFiles.recipient_id, issued.recipientId),
        eq(issuedCertificateFiles.account_id, issued.accountId),
        eq(issuedCertificateFiles.version, issued.version),
        eq(issuedCertificateFiles.kind, kind),
      ),
    )
    .limit(1);
  return !!row;
}

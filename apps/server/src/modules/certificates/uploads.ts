import { randomBytes } from 'node:crypto';
import type { AttachedFile } from '@laurel/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { certificateUploads, type SnapshotFile, storedFiles } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMayEditEmails } from '../../http/permissions.ts';
import { ATTACHMENT_TYPE_MESSAGE, attachmentType, deleteRemovedBytes, forgetStoredFiles, safeFileName } from '../files/index.ts';
import { findCertificateSet, type Member } from './service.ts';

/** At most this many attachments per email: every recipient's message carries them all. */
const MAX_ATTACHMENTS = 5;

export function presentUpload(upload: typeof certificateUploads.$inferSelect): AttachedFile {
  return { id: upload.id, name: upload.name, size: upload.size, mime: upload.mime, url: `/api/files/${upload.file_key}` };
}

export async function listUploads(context: AppContext, certificateId: number) {
  const rows = await context.db
    .select()
    .from(certificateUploads)
    .where(eq(certificateUploads.certificate_id, certificateId))
    .orderBy(asc(certificateUploads.id));
  return rows.map(presentUpload);
}

/** The set's attached files as a project pins them in its snapshot, so that its messages carry them whatever the set does later. */
export async function setAttachmentFiles(context: AppContext, certificateId: number): Promise<SnapshotFile[]> {
  const rows = await context.db
    .select()
    .from(certificateUploads)
    .where(eq(certificateUploads.certificate_id, certificateId))
    .orderBy(asc(certificateUploads.id));
  return rows.map((u) => ({ key: u.file_key, filename: u.name, contentType: u.mime }));
}

export async function attachFile(context: AppContext, member: Member, certificateId: number, file: { name: string; bytes: Buffer }) {
  assertMayEditEmails(member.user);
  const set = await findCertificateSet(context, member, certificateId);
  const mime = attachmentType(file.name, file.bytes);
  if (!mime) throw badRequest(ATTACHMENT_TYPE_MESSAGE, { error_type: 'invalid_file' });
  if ((await listUploads(context, set.id)).length >= MAX_ATTACHMENTS)
    throw badRequest(`An email may carry at most ${MAX_ATTACHMENTS} attachments.`, { error_type: 'limit' });
  const name = safeFileName(file.name);
  const key = `${randomBytes(18).toString('base64url')}`;
  await context.files.put(key, file.bytes);
  const [upload] = await context.db.transaction(async (tx) => {
    await tx.insert(storedFiles).values({
      account_id: member.accountId,
      key,
      kind: 'attachment',
      mime,
      size: file.bytes.length,
      original_name: name,
      created_by: member.user.id,
    });
    return tx.insert(certificateUploads).values({ certificate_id: set.id, file_key: key, name, mime, size: file.bytes.length }).returning();
  });
  return presentUpload(upload!);
}

export async function removeUpload(context: AppContext, member: Member, certificateId: number, uploadId: number): Promise<void> {
  assertMayEditEmails(member.user);
  const set = await findCertificateSet(context, member, certificateId);
  const removed = await context.db.transaction(async (tx) => {
    const rows = await tx
      .delete(certificateUploads)
      .where(and(eq(certificateUploads.id, uploadId), eq(certificateUploads.certificate_id, set.id)))
      .returning();
    await forgetStoredFiles(
      tx,
      rows.map((r) => r.file_key),
    );
    return rows;
  });
  if (!removed.length) throw notFound('File not found.');
  await deleteRemovedBytes(
    context,
    removed.map((r) => r.file_key),
  );
}

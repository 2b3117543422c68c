import type { AppContext } from '../../context.ts';
import type { projects, recipients, SnapshotFile } from '../../db/schema.ts';
import type { OutgoingMessage } from '../../mail/outgoing-message.ts';
import { certificatePdfName } from '../files/index.ts';
import { certificateFileKey } from './certificate-file.ts';

type ProjectRow = typeof projects.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

/**
 * What one recipient's message carries, as the test email does: their certificate's emailed PDF when the email
 * attaches it (`pdf`, drawn by the delivery; null otherwise), then the files attached to the set when the project
 * was saved (its snapshot), which stay in the store while a project names them, so a retry or a resend after the
 * set dropped one still carries it. Answered as file-store keys (what the outbox keeps) and as the bytes SMTP sends.
 */
export async function messageAttachments(
  context: AppContext,
  project: ProjectRow,
  recipient: RecipientRow,
  pdf: Buffer | null,
): Promise<{ refs: SnapshotFile[]; files: OutgoingMessage['attachments'] }> {
  const refs: SnapshotFile[] = [];
  const files: OutgoingMessage['attachments'] = [];
  if (pdf) {
    const filename = certificatePdfName(`${recipient.first_name} ${recipient.last_name}`, project.snapshot.name);
    refs.push({ key: certificateFileKey(recipient, 'email'), filename, contentType: 'application/pdf' });
    files.push({ filename, content: pdf, contentType: 'application/pdf' });
  }
  for (const file of project.snapshot.uploads ?? []) {
    const content = await context.files.get(file.key);
    // Only a store that lost the bytes behind our back gets here: the certificate still goes out.
    if (!content) {
      context.log.warn({ key: file.key, projectId: project.id }, 'attached file missing from the file store; sent without it');
      continue;
    }
    refs.push(file);
    files.push({ filename: file.filename, content, contentType: file.contentType });
  }
  return { refs, files };
}

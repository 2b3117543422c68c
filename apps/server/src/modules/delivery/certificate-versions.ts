import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type projects, recipients } from '../../db/schema.ts';
import { discardUnissuedCredential, signNewVersion, supersedeCredential } from '../open-badges/index.ts';
import { emitWebhookEvent, recipientEventData } from '../webhooks/index.ts';
import { certificateToCredential } from './certificate-credential.ts';
import { certificateFileKey } from './certificate-file.ts';
import { withEvent } from './events.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/** What a correction may change: what the certificate says of its recipient. */
export interface CertificateCorrection {
  first_name: string;
  last_name: string;
  meta: Record<string, string>;
}

/** The names and data fields a correction changes, `first_name`, `last_name` and field keys; none when it changes nothing. */
export function correctedFields(recipient: RecipientRow, correction: CertificateCorrection): string[] {
  const keys = new Set([...Object.keys(recipient.meta), ...Object.keys(correction.meta)]);
  return [
    ...(['first_name', 'last_name'] as const).filter((name) => recipient[name] !== correction[name]),
    ...[...keys].filter((key) => (recipient.meta[key] ?? '') !== (correction.meta[key] ?? '')),
  ];
}

/**
 * A correction of a certificate already issued makes its next version. The credential is signed for the corrected
 * recipient at a new status position first (no lock held while signing); then one transaction moves the recipient
 * to the next version, provided nobody else did and it is not being sent, and keeps the replaced version with its
 * credential, whose position the status list sets from then on. The link stays; the new version's PDF is drawn
 * when first asked for, under a key of its own (certificate-file.ts), and the earlier version's stays as it was sent.
 * Answers null when the recipient moved meanwhile (a send started, or another correction came first): nothing changed.
 */
export async function correctIssuedCertificate(
  context: AppContext,
  { recipient, project }: { recipient: RecipientRow; project: ProjectRow },
  correction: CertificateCorrection,
  { changed, changedBy }: { changed: string[]; changedBy: number | null },
): Promise<RecipientRow | null> {
  const version = recipient.certificate_version + 1;
  const corrected = { ...recipient, ...correction, certificate_version: version };
  // A position taken for a correction that then does not happen stays unused: its bit stays 0.
  const signed = context.signCredentials
    ? await signNewVersion(context, certificateToCredential(context, { recipient: corrected, project }))
    : null;
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(recipients)
      .set({
        ...correction,
        certificate_version: version,
        sent_details: withEvent('edited', now, `Corrected: certificate version ${version}`),
        updated_at: now,
      })
      .where(
        and(
          eq(recipients.id, recipient.id),
          eq(recipients.certificate_version, recipient.certificate_version),
          notInArray(recipients.state, ['queued', 'sending']),
        ),
      )
      .returning();
    if (!updated) return null;
    await supersedeCredential(tx as Db, { previous: recipient, next: signed, reason: 'correction', changed, changedBy, at: now });
    await emitWebhookEvent(context, tx as Db, {
      accountId: updated.account_id,
      type: 'recipient.corrected',
      data: { ...recipientEventData(updated, context.env.PUBLIC_URL), changed },
    });
    return updated;
  });
}

/**
 * A correction of a certificate not issued yet: the PDFs drawn for a send that did not go out (the emailed copy, or
 * a download asked for meanwhile) and the credential signed for it are dropped, so the next send draws and signs what
 * the recipient says then.
 */
export async function forgetUnissuedCertificate(context: AppContext, recipient: RecipientRow): Promise<void> {
  await discardUnissuedCredential(context, recipient);
  await Promise.all([
    context.files.delete(certificateFileKey(recipient, 'print')),
    context.files.delete(certificateFileKey(recipient, 'email')),
  ]);
}

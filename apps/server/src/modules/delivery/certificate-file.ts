import { migrateDesign, type Recipient } from '@laurel/certificate';
import type { AppContext } from '../../context.ts';
import type { projects, recipients } from '../../db/schema.ts';
import { designPdf } from '../certificates/rendering.ts';
import { recipientLinks } from './links.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

export const certificateFileKey = (recipient: RecipientRow) => `cert-${recipient.token}.pdf`;

export function recipientData(context: AppContext, recipient: RecipientRow): Recipient {
  return {
    firstName: recipient.first_name,
    lastName: recipient.last_name,
    fields: recipient.meta,
    certificateNumber: recipient.certificate_number,
    expirationDate: recipient.meta.EXPIRATION_DATE || undefined,
    verificationUrl: recipientLinks(context, recipient.token).certificate,
  };
}

/**
 * The recipient's PDF, rendered once from the project's snapshot and kept: the certificate they
 * download later is the one issued, whatever happens to the design afterwards.
 */
export async function issuedCertificatePdf(context: AppContext, project: ProjectRow, recipient: RecipientRow): Promise<Buffer> {
  const key = certificateFileKey(recipient);
  const stored = await context.files.get(key);
  if (stored) return stored;
  const pdf = await designPdf(context, project.account_id, migrateDesign(project.snapshot.design), recipientData(context, recipient), project.snapshot.name);
  await context.files.put(key, pdf);
  return pdf;
}

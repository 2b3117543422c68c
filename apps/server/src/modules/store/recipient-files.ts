import { migrateDesign } from '@laurel/certificate';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { designPdf, designPng } from '../certificates/rendering.ts';
import { issuedCertificatePdf, recipientData } from '../delivery/certificate-file.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/** States in which the certificate exists for the recipient: it left our hands. */
const ISSUED = ['sent', 'bounced'];

/** A recipient reached through a signed preview link, where no session comes along. */
export async function recipientBySignedLink(context: AppContext, id: number) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(eq(recipients.id, id));
  if (!row || row.project.deleted_at) throw notFound();
  return row;
}

export function recipientPng(
  context: AppContext,
  project: ProjectRow,
  recipient: RecipientRow,
  options: { width?: number; back?: boolean },
) {
  return designPng(context, project.account_id, migrateDesign(project.snapshot.design), recipientData(context, recipient), options);
}

/**
 * The issuer's copy of a recipient's PDF: the very file the recipient downloads once it has been
 * issued; before that, a preview drawn from the same snapshot and not kept, so that corrections made
 * before sending are what gets issued.
 */
export function recipientPdf(context: AppContext, project: ProjectRow, recipient: RecipientRow): Promise<Buffer> {
  if (ISSUED.includes(recipient.state)) return issuedCertificatePdf(context, project, recipient);
  return designPdf(
    context,
    project.account_id,
    migrateDesign(project.snapshot.design),
    recipientData(context, recipient),
    project.snapshot.name,
  );
}

export function pdfFileName(project: ProjectRow, recipient: RecipientRow): string {
  const name = `${project.snapshot.name} - ${recipient.first_name} ${recipient.last_name}`.replace(/[^\w\- ]+/g, '').trim();
  return `${name || 'certificate'}.pdf`;
}

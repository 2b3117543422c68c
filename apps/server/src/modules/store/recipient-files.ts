import { migrateDesign } from '@laurel/certificate';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { signPath } from '../../http/signed-urls.ts';
import type { Member } from '../certificates/index.ts';
import { designPdf, designPng } from '../certificates/index.ts';
import { issuedCertificatePdf, recipientData } from '../delivery/index.ts';
import { certificatePdfName } from '../files/index.ts';
import { findRecipient } from '../projects/index.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/** States in which the certificate exists for the recipient: it left our hands. */
const ISSUED = ['sent', 'bounced'];

const PREVIEW_LINK_TTL_MS = 10 * 60_000;

/** A recipient reached through a signed preview link, where no session comes along. */
async function recipientBySignedLink(context: AppContext, id: number) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(eq(recipients.id, id));
  if (!row || row.project.deleted_at) throw notFound();
  return row;
}

/** A recipient for a signed preview link (no member then), or for a signed-in member who may see their project. */
const recipientFor = (context: AppContext, member: Member | null, id: number) =>
  member ? findRecipient(context, member, id) : recipientBySignedLink(context, id);

function recipientPng(context: AppContext, project: ProjectRow, recipient: RecipientRow, options: { width?: number; back?: boolean }) {
  return designPng(context, project.account_id, migrateDesign(project.snapshot.design), recipientData(context, recipient), options);
}

/**
 * The issuer's copy of a recipient's PDF: the very file the recipient downloads once it has been
 * issued; before that, a preview drawn from the same snapshot and not kept, so that corrections made
 * before sending are what gets issued.
 */
function recipientPdf(context: AppContext, project: ProjectRow, recipient: RecipientRow): Promise<Buffer> {
  if (ISSUED.includes(recipient.state)) return issuedCertificatePdf(context, project, recipient);
  return designPdf(
    context,
    project.account_id,
    migrateDesign(project.snapshot.design),
    recipientData(context, recipient),
    project.snapshot.name,
  );
}

function pdfFileName(project: ProjectRow, recipient: RecipientRow): string {
  return certificatePdfName(`${recipient.first_name} ${recipient.last_name}`, project.snapshot.name);
}

/** The issuer's view of a recipient's certificate as a PNG (docs/product/store.md#calls `recipients/{id}/image/image.png`). */
export async function recipientCertificatePng(
  context: AppContext,
  member: Member | null,
  id: number,
  options: { width?: number; back?: boolean },
) {
  const { recipient, project } = await recipientFor(context, member, id);
  return recipientPng(context, project, recipient, options);
}

/** The issuer's copy of a recipient's PDF, and the name it is saved under. */
export async function recipientCertificatePdf(context: AppContext, member: Member | null, id: number) {
  const { recipient, project } = await recipientFor(context, member, id);
  return { pdf: await recipientPdf(context, project, recipient), name: pdfFileName(project, recipient) };
}

/** Signed links to a recipient's certificate, for a new window where no Authentication header goes along. */
export async function recipientPreviewLinks(context: AppContext, member: Member, id: number) {
  const { recipient } = await findRecipient(context, member, id);
  return {
    pdf: signPath(context, `/api/recipients/${recipient.id}/pdf?type=stream`, PREVIEW_LINK_TTL_MS),
    image: signPath(context, `/api/recipients/${recipient.id}/image/image.png`, PREVIEW_LINK_TTL_MS),
  };
}

import type { PrintQuery } from '@laurel/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { signPath } from '../../http/signed-urls.ts';
import type { Member } from '../certificates/index.ts';
import { projectRenderer, recipientData } from '../delivery/index.ts';
import { safeFileName } from '../files/index.ts';
import { findProject } from '../projects/index.ts';

type ProjectRow = typeof projects.$inferSelect;

/**
 * The most certificates one print file holds. The file is drawn in one go by a render worker and
 * sent whole; 500 pages is a ceremony's worth and stays within a few seconds and megabytes.
 */
export const PRINT_LIMIT = 500;

export const PRINT_MESSAGES = {
  tooMany: `Print at most ${PRINT_LIMIT} certificates at a time: choose fewer recipients.`,
  none: 'Choose at least one recipient to print.',
} as const;

const PRINT_LINK_TTL_MS = 10 * 60_000;

/** The recipients a print request names, as `rid[]` or `rid` (both are read); none names the whole project. */
export const chosenRecipients = (query: PrintQuery): number[] | undefined =>
  query['rid[]'] || query.rid ? [...(query['rid[]'] ?? []), ...(query.rid ?? [])] : undefined;

/**
 * The chosen recipients of a project (every recipient when none is named), in the project's order: last
 * name, then first name. Ids that are not this project's recipients are ignored. One row past the limit
 * is read, enough to refuse without reading a large project whole.
 */
async function printedRecipients(context: AppContext, project: ProjectRow, recipientIds: readonly number[] | undefined) {
  if (recipientIds?.length === 0) throw badRequest(PRINT_MESSAGES.none);
  const conditions = [eq(recipients.project_id, project.id)];
  if (recipientIds) conditions.push(inArray(recipients.id, [...new Set(recipientIds)]));
  const rows = await context.db
    .select()
    .from(recipients)
    .where(and(...conditions))
    .orderBy(asc(recipients.last_name), asc(recipients.first_name), asc(recipients.id))
    .limit(PRINT_LIMIT + 1);
  if (rows.length > PRINT_LIMIT) throw badRequest(PRINT_MESSAGES.tooMany);
  if (rows.length === 0) throw badRequest(PRINT_MESSAGES.none);
  return rows;
}

/**
 * A link a new window can open without the session header: the same choice of recipients, for 10
 * minutes. The choice is checked now, so that a refusal reaches the issuer as a message on the page
 * rather than as an error in the new window.
 */
export async function signedPrintLink(
  context: AppContext,
  member: Member,
  projectId: number,
  recipientIds: readonly number[] | undefined,
): Promise<string> {
  const project = await findProject(context, member, projectId);
  await printedRecipients(context, project, recipientIds);
  const query = new URLSearchParams({ type: 'stream' });
  for (const id of new Set(recipientIds)) query.append('rid[]', String(id));
  // Signed as URLSearchParams writes it, which is how the signature check reads the address back.
  return signPath(context, `/api/projects/${project.id}/print-pdfs?${query.toString()}`, PRINT_LINK_TTL_MS);
}

/** The project a signed print link names; the member it was signed for could see it then. */
async function projectBySignedLink(context: AppContext, id: number): Promise<ProjectRow> {
  const [project] = await context.db.select().from(projects).where(eq(projects.id, id));
  if (!project || project.deleted_at) throw notFound();
  return project;
}

/**
 * One PDF with the certificates of the chosen recipients, each drawn from the project's snapshot as its
 * issued certificate is. Revoked certificates are printed too: whom to hand one is the issuer's call.
 */
export async function printCertificates(
  context: AppContext,
  member: Member | null,
  projectId: number,
  recipientIds: readonly number[] | undefined,
): Promise<{ pdf: Buffer; name: string }> {
  // Opened from a signed link (no member then), or by a signed-in member who may see the project.
  const project = member ? await findProject(context, member, projectId) : await projectBySignedLink(context, projectId);
  const rows = await printedRecipients(context, project, recipientIds);
  const renderer = await projectRenderer(context, project);
  const pdf = await renderer.renderMany(
    rows.map((row) => recipientData(context, row)),
    { title: `${project.title} certificates` },
  );
  return { pdf, name: printFileName(project) };
}

/** The name the browser saves the print file under: the project's title, less what a file system refuses. */
const printFileName = (project: ProjectRow) => `${safeFileName(project.title)} certificates.pdf`;

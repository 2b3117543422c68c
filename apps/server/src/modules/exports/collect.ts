import type { SearchFilter } from '@laurel/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { type Viewer, visibleProjects } from '../projects/index.ts';
import { projectDataFields, projectLabelColumns, searchConditions } from '../store/index.ts';
import { chosenColumns, type ExportColumn, type ExportRow, projectExportColumns } from './columns.ts';

const BATCH = 2_000;

/** Reads matching recipients in id order, a batch at a time, so a large export never holds one huge result. */
async function readAll(context: AppContext, where: ReturnType<typeof and>): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  let after = 0;
  for (;;) {
    const batch = await context.db
      .select({ recipient: recipients, ...projectLabelColumns })
      .from(recipients)
      .innerJoin(projects, eq(projects.id, recipients.project_id))
      .where(and(where, gt(recipients.id, after)))
      .orderBy(asc(recipients.id))
      .limit(BATCH);
    rows.push(...batch);
    if (batch.length < BATCH) return rows;
    after = batch[batch.length - 1]!.recipient.id;
  }
}

/**
 * Every recipient of the projects, project by project in the order asked, with the union of their
 * data fields as columns. Projects deleted or no longer visible since the request are left out.
 */
export async function projectExportRows(
  context: AppContext,
  viewer: Viewer,
  projectIds: number[],
): Promise<{ columns: ExportColumn[]; rows: ExportRow[] }> {
  const visible = await context.db
    .select()
    .from(projects)
    .where(and(inArray(projects.id, projectIds), visibleProjects(viewer)));
  const byId = new Map(visible.map((p) => [p.id, p]));
  const fields = new Set<string>();
  const rows: ExportRow[] = [];
  for (const id of projectIds) {
    const project = byId.get(id);
    if (!project) continue;
    for (const field of projectDataFields(project).fields) fields.add(field.key);
    rows.push(
      ...(await readAll(context, and(eq(recipients.project_id, id), eq(recipients.account_id, viewer.accountId), visibleProjects(viewer)))),
    );
  }
  return { columns: projectExportColumns([...fields]), rows };
}

/** The global search's matches with the columns the issuer chose. */
export async function searchExportRows(context: AppContext, viewer: Viewer, filter: SearchFilter, columns: string[]) {
  return { columns: chosenColumns(columns), rows: await readAll(context, and(searchConditions(viewer, filter))) };
}

import { FIELD_KEYS, migrateDesign, recipientFields } from '@laurel/certificate';
import type { DataField, ProjectDataFields } from '@laurel/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema.ts';
import type { Member } from '../certificates/index.ts';
import { expectedColumns, findProject, type Viewer, visibleProjects } from '../projects/index.ts';

type ProjectRow = typeof projects.$inferSelect;

/** Names and the address are columns of their own; the data fields are everything else a design asks for. */
const NOT_DATA = new Set<string>([FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.full, FIELD_KEYS.email]);

/** "COURSE_NAME" reads "Course name". */
export function fieldLabel(key: string): string {
  if (key === FIELD_KEYS.expiration) return 'Expiration date';
  const words = key.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const toField = (key: string): DataField => ({
  key,
  label: fieldLabel(key),
  kind: key === FIELD_KEYS.expiration ? 'expiration_date' : 'data',
});

/**
 * The data fields of one project's certificate, as it was saved with the project, and the column
 * titles a file adding recipients to it must have.
 */
export function projectDataFields(project: ProjectRow): ProjectDataFields {
  const design = migrateDesign(project.snapshot.design);
  const fields = recipientFields(design)
    .filter((f) => f.kind === 'data' || f.kind === 'expiration_date')
    .map((f) => toField(f.key));
  return {
    fields,
    expiration_date_format: fields.some((f) => f.kind === 'expiration_date') ? (design.expiration_date_format ?? 'MM/DD/YYYY') : null,
    import_columns: expectedColumns(project.mapping, design).map((column) => column.title),
  };
}

/** The data fields of a project the member may see. */
export async function findProjectDataFields(context: AppContext, member: Member, projectId: number): Promise<ProjectDataFields> {
  return projectDataFields(await findProject(context, member, projectId));
}

/**
 * Every data field the account's projects use (docs/product/account.md#calls `accounts/{id}/data-fields`), for the global
 * search. Read from the fields the projects' columns fill rather than from every recipient's values.
 */
export async function accountDataFields(context: AppContext, viewer: Viewer): Promise<DataField[]> {
  const rows = await context.db
    .selectDistinct({ key: sql<string>`(jsonb_each_text(${projects.mapping})).value` })
    .from(projects)
    .where(visibleProjects(viewer));
  return rows
    .map((r) => r.key)
    .filter((key) => key !== '' && !NOT_DATA.has(key))
    .sort((a, b) => a.localeCompare(b))
    .map(toField);
}

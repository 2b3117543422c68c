import { FIELD_KEYS, importedValues, migrateDesign, recipientFields } from '@laurel/certificate';
import { utcDay, withNameParts } from '@laurel/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import type { Member } from '../certificates/index.ts';
import { checkImportedEmails, cleanRecipients, expectedColumns, fieldsOfColumns, findProject } from '../projects/index.ts';
import { projectDataFields } from '../store/index.ts';
import { parseImport } from './parse-pool.ts';
import type { ImportUpload } from './upload.ts';

const projectId = z.coerce.number().int().positive();

/**
 * A file of recipients for a saved project (docs/product/send-wizard.md#rules-and-limits and docs/product/send-wizard.md#calls `import-project-recipients-list`): held
 * to the project's columns, mapped the way the project was, and checked like the wizard's rows. The
 * rows come back in the shape the add-recipients dialog posts; nothing is stored here. The project is
 * named by the form's `project_id` field.
 */
export async function importProjectRecipients(context: AppContext, member: Member, upload: ImportUpload) {
  const id = projectId.safeParse(upload.fields.project_id);
  if (!id.success) throw badRequest('Choose the project to add recipients to.', { field: 'project_id' });
  const project = await findProject(context, member, id.data);
  const table = await parseImport(upload.bytes, upload.delimiter);
  const design = migrateDesign(project.snapshot.design);
  const fieldOfColumn = fieldsOfColumns(expectedColumns(project.mapping, design), table.headers);
  if (!table.rows.length) throw badRequest('The file has no rows to import.', { error_type: 'empty' });
  const format = design.expiration_date_format ?? 'MM/DD/YYYY';
  const keys = [FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.email, ...projectDataFields(project).fields.map((f) => f.key)];
  const rows = table.rows.map((cells) => {
    const values = withNameParts(importedValues(cells, fieldOfColumn, format));
    return Object.fromEntries(keys.map((key) => [key, values[key] ?? ''])) as Record<string, string>;
  });
  checkImportedEmails(rows);
  cleanRecipients(rows, recipientFields(design), design, utcDay(context.clock.now()));
  return { headers: table.headers, rows };
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { assertMayChangeRecipients } from '../store/scope.ts';
import { parseImport } from './parse.ts';
import { importProjectRecipients } from './project-import.ts';
import { readImportUpload } from './upload.ts';

const IMPORTED = 'Success! Parsed import file.';
const projectId = z.coerce.number().int().positive();

/** Recipient lists read from files (spec 3 §7): rows and headers come back; nothing is stored yet. */
export function importRoutes(app: FastifyInstance, context: AppContext): void {
  /** The send wizard's upload (`recipients/import-list`). */
  app.post('/api/recipients/import-list', { schema: { tags: ['send'] } }, async (request) => {
    requireAccountMember(request);
    const upload = await readImportUpload(request);
    const table = await parseImport(upload.bytes, upload.delimiter);
    return { headers: table.headers, data: table.rows, message: IMPORTED };
  });

  /** A file adding recipients to a saved project, with the project's columns; the rows go on to add-recipients. */
  app.post('/api/recipients/import-project-recipients-list', { schema: { tags: ['store'] } }, async (request) => {
    const member = requireAccountMember(request);
    assertMayChangeRecipients(member);
    const upload = await readImportUpload(request);
    const id = projectId.safeParse(upload.fields.project_id);
    if (!id.success) throw badRequest('Choose the project to add recipients to.', { field: 'project_id' });
    const { headers, rows } = await importProjectRecipients(context, member, {
      projectId: id.data,
      bytes: upload.bytes,
      delimiter: upload.delimiter,
    });
    return { data: rows, headers, message: IMPORTED };
  });
}

import { importCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { route } from '../../http/route.ts';
import { parseImport } from './parse.ts';
import { importProjectRecipients } from './project-import.ts';
import { readImportUpload } from './upload.ts';

const IMPORTED = 'Success! Parsed import file.';

/** Recipient lists read from files (spec 3 §7): rows and headers come back; nothing is stored yet. */
export function importRoutes(app: FastifyInstance, context: AppContext): void {
  /** The send wizard's upload (`recipients/import-list`). */
  route(app, calls.importRecipientList, async (request) => {
    assertMaySend(requireAccountMember(request).user);
    const upload = await readImportUpload(request);
    const table = await parseImport(upload.bytes, upload.delimiter);
    return { headers: table.headers, data: table.rows, message: IMPORTED };
  });

  /** A file adding recipients to a saved project, with the project's columns; the rows go on to add-recipients. */
  route(app, calls.importProjectRecipients, async (request) => {
    const member = requireAccountMember(request);
    assertMaySend(member.user);
    const { headers, rows } = await importProjectRecipients(context, member, await readImportUpload(request));
    return { data: rows, headers, message: IMPORTED };
  });
}

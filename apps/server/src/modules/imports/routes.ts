import { importCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { route, sendSerialized } from '../../http/route.ts';
import { parseImportToJson } from './parse-pool.ts';
import { importProjectRecipients } from './project-import.ts';
import { readImportUpload } from './upload.ts';

const IMPORTED = 'Success! Parsed import file.';

/** Recipient lists read from files (spec 3 §7): rows and headers come back; nothing is stored yet. */
export function importRoutes(app: FastifyInstance, context: AppContext): void {
  /** The send wizard's upload (`recipients/import-list`). */
  route(app, calls.importRecipientList, async (request, reply) => {
    assertMaySend(requireAccountMember(request).user);
    const upload = await readImportUpload(request);
    const { headers, rowsJson } = await parseImportToJson(upload.bytes, upload.delimiter);
    // The rows arrive serialised from the worker that read them (parse-pool.ts); the reply is assembled around them.
    return sendSerialized<typeof calls.importRecipientList>(
      reply,
      `{"headers":${JSON.stringify(headers)},"data":${rowsJson},"message":${JSON.stringify(IMPORTED)}}`,
    );
  });

  /** A file adding recipients to a saved project, with the project's columns; the rows go on to add-recipients. */
  route(app, calls.importProjectRecipients, async (request) => {
    const member = requireAccountMember(request);
    assertMaySend(member.user);
    const { headers, rows } = await importProjectRecipients(context, member, await readImportUpload(request));
    return { data: rows, headers, message: IMPORTED };
  });
}

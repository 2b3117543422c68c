import { importCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember, requireRole } from '../../http/auth.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { route, sendSerialized } from '../../http/route.ts';
import { parseImportToJson } from './parse-pool.ts';
import { importProjectRecipients } from './project-import.ts';
import { keepSampleUpload, readSampleUpload } from './sample-upload.ts';
import { readImportForm, readImportUpload, readSampleFile, withFile } from './upload.ts';

const IMPORTED = 'Success! Parsed import file.';

const ISSUERS = ['global_admin', 'account_admin', 'account_user'] as const;

/** Recipient lists read from files (docs/product/send-wizard.md#calls): rows and headers come back; nothing is stored yet. */
export function importRoutes(app: FastifyInstance, context: AppContext): void {
  /**
   * The send wizard's upload (`recipients/import-list`), or with `upload_id` a sample the caller kept
   * through `uploads` (the data mapping screen of super-admins, who belong to no account).
   */
  route(app, calls.importRecipientList, async (request, reply) => {
    const { user } = requireRole(request, ISSUERS);
    if (!user.roles.includes('global_admin')) assertMaySend(requireAccountMember(request).user);
    const form = await readImportForm(request);
    const bytes =
      form.fields.upload_id !== undefined ? await readSampleUpload(context, user.id, form.fields.upload_id) : withFile(form).bytes;
    const { headers, rowsJson } = await parseImportToJson(bytes, form.delimiter);
    // The rows arrive serialised from the worker that read them (parse-pool.ts); the reply is assembled around them.
    return sendSerialized<typeof calls.importRecipientList>(
      reply,
      `{"headers":${JSON.stringify(headers)},"data":${rowsJson},"message":${JSON.stringify(IMPORTED)}}`,
    );
  });

  /** A sample list for the data mapping screen, kept for `recipients/import-list` to read (`uploads`). */
  route(app, calls.keepUpload, async (request) => {
    const { user } = requireRole(request, ['global_admin']);
    const kept = await keepSampleUpload(context, user.id, await readSampleFile(request));
    return { success: true, message: 'File uploaded.', ...kept };
  });

  /** A file adding recipients to a saved project, with the project's columns; the rows go on to add-recipients. */
  route(app, calls.importProjectRecipients, async (request) => {
    const member = requireAccountMember(request);
    assertMaySend(member.user);
    const { headers, rows } = await importProjectRecipients(context, member, await readImportUpload(request));
    return { data: rows, headers, message: IMPORTED };
  });
}

import { z } from 'zod';
import { defineCalls, okReply } from './contract.ts';

/**
 * Recipient lists read from files (docs/product/send-wizard.md#calls): rows and headers come back; nothing is stored yet. Each
 * upload is a multipart form with `file` (CSV or XLSX, at most 10 MB) and an optional `delimiter`
 * (`,` `;` `:` or `tab`).
 */

const IMPORTED = z.string().meta({ description: 'The confirmation the client shows' });

/** A file as found: its column titles (named or generated) and its rows, cell by cell. */
export const importedList = z.object({ headers: z.array(z.string()), data: z.array(z.array(z.string())), message: IMPORTED });
export type ImportedList = z.infer<typeof importedList>;

/** A file of a saved project's recipients, mapped to the project's fields: the rows add-recipients takes. */
export const importedProjectRecipients = z.object({
  data: z.array(z.record(z.string(), z.string())),
  headers: z.array(z.string()),
  message: IMPORTED,
});
export type ImportedProjectRecipients = z.infer<typeof importedProjectRecipients>;

/** A sample list kept for the data mapping screen, read back by `recipients/import-list` with `upload_id`. */
export const keptUpload = okReply.extend({
  upload_id: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type KeptUpload = z.infer<typeof keptUpload>;

export const importCalls = {
  ...defineCalls('send', {
    importRecipientList: {
      method: 'POST',
      path: '/api/recipients/import-list',
      summary: "Read a CSV or XLSX file of recipients for the send wizard's mapping",
      description:
        'The form carries `file` (and `delimiter`), or `upload_id` instead of a file: a sample the caller kept with ' +
        '`POST /api/uploads` (the data mapping screen).',
      access: 'session',
      body: 'multipart',
      response: importedList,
      errors: [404, 413, 503],
    },
  }),
  ...defineCalls('mappings', {
    keepUpload: {
      method: 'POST',
      path: '/api/uploads',
      summary: 'Keep a sample list (CSV or XLSX, at most 2 MB) whose column titles a data mapping takes (super-admins)',
      description: 'The multipart form carries `file`. The reply names the `upload_id` that `recipients/import-list` reads.',
      access: 'session',
      body: 'multipart',
      response: keptUpload,
      errors: [413],
    },
  }),
  ...defineCalls('store', {
    importProjectRecipients: {
      method: 'POST',
      path: '/api/recipients/import-project-recipients-list',
      summary: "Read a file of recipients with a saved project's columns (form field `project_id`), ready for add-recipients",
      access: 'session',
      body: 'multipart',
      response: importedProjectRecipients,
      errors: [413, 503],
    },
  }),
};

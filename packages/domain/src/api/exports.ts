import { z } from 'zod';
import { accountIdParams, defineCalls, fileReply, idParams } from './contract.ts';
import { searchFilter } from './store.ts';

/** Exports of recipients to CSV or XLSX, delivered by a mailed link (docs/product/store.md#calls). */

export const EXPORT_TYPES = ['csv', 'xlsx'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const exportType = z.enum(EXPORT_TYPES).default('xlsx');
/** Where the download link goes: the requester by default, or another user of the same account. */
const email = z.string().trim().max(254).optional();
const projectIds = z.array(z.number().int().positive()).min(1, 'Select at least one project.').max(500);

export const exportStarted = z
  .object({
    success: z.boolean(),
    message: z.string(),
    /** The address the download link is mailed to. */
    email: z.string(),
    recipients_count: z.number().int(),
    estimated_minutes: z.number().int(),
  })
  .meta({ id: 'ExportStarted' });
export type ExportStarted = z.infer<typeof exportStarted>;

const recipientsCount = z.object({ recipients_count: z.number().int() });

export const exportCalls = defineCalls('exports', {
  getProjectRecipientsCount: {
    method: 'GET',
    path: '/api/projects/:id/recipients-count',
    summary: 'Count the recipients a project export would hold',
    access: 'session',
    params: idParams,
    response: recipientsCount,
  },
  countProjectsRecipients: {
    method: 'POST',
    path: '/api/projects/bulk-recipients-count',
    summary: 'Count the recipients an export of several projects would hold',
    access: 'session',
    body: z.object({ projects: projectIds }),
    response: recipientsCount,
  },
  exportProject: {
    method: 'POST',
    path: '/api/projects/run-export',
    summary: "Start an export of a project's recipients; the link to the file is mailed",
    access: 'session',
    body: z.object({
      project_id: z.number().int().positive(),
      /** Accepted for the spec's client; the file is named after the project as saved. */
      project_title: z.string().max(200).optional(),
      export_type: exportType,
      email,
    }),
    response: exportStarted,
  },
  exportProjects: {
    method: 'POST',
    path: '/api/projects/run-export-bulk',
    summary: 'Start an export of the recipients of several projects; the link to the file is mailed',
    access: 'session',
    body: z.object({ projectIds, export_type: exportType, email }),
    response: exportStarted,
  },
  exportSearchResults: {
    method: 'POST',
    path: '/api/recipients/:accountId/account-recipients-alldata',
    summary: "Start an export of the global search's results with the chosen columns; the link to the file is mailed",
    access: 'session',
    params: accountIdParams,
    body: z.object({
      filter: searchFilter.default({}),
      columns: z.array(z.string().max(120)).max(60).default([]),
      export_type: exportType,
      email,
    }),
    response: exportStarted,
  },
  downloadExport: {
    method: 'GET',
    path: '/api/exports/:file',
    summary: 'Download a finished export, by its signed link (valid 7 days) or with a session of its account',
    description:
      'Where files are kept in an S3 bucket, the answer is a 302 to a presigned address of the file, valid 5 minutes, with the same type and disposition.',
    access: 'optional',
    params: z.object({ file: z.string().regex(/^export-[A-Za-z0-9_-]{24}\.(csv|xlsx)$/) }),
    response: fileReply('The recipients', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    errors: [401, 403],
  },
});

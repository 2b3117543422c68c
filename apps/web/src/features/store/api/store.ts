import { type CallInput, deliveryCalls, type ExportType, exportCalls, importCalls, type SearchFilter, storeCalls } from '@laurel/domain';
import { call, callFile } from '../../../shared/api/call.ts';
import type { Separator } from '../../send/index.ts';

/**
 * Calls of the Store (docs/product/store.md#screens store screens, docs/product/store.md#calls): projects, recipients, search, history and exports.
 * The projects themselves (list, read, create, edit, send, progress) are features/projects, which the send wizard uses too.
 * The shapes are the contracts' (`@laurel/domain`).
 */

export const getRecipient = (id: number) => call(storeCalls.getRecipient, { params: { id } });

export const updateRecipient = (id: number, body: CallInput<typeof storeCalls.updateRecipient>['body']) =>
  call(storeCalls.updateRecipient, { params: { id }, body });

export const changeRecipientEmail = (accountId: number, recipientIds: number[], email: string) =>
  call(storeCalls.changeRecipientEmail, { params: { accountId }, body: { update_email: email, recipients_id: recipientIds } });

export const deleteRecipient = (id: number) => call(storeCalls.deleteRecipient, { params: { id } });

export const revokeRecipient = (id: number, reason?: string) => call(deliveryCalls.revokeRecipient, { params: { id }, body: { reason } });

export const reinstateRecipient = (id: number) => call(deliveryCalls.reinstateRecipient, { params: { id } });

/** The certificate as the recipient has it: a PNG for the screen (fetched with the session header). */
export const recipientImage = (id: number, options: { back?: boolean; width?: number } = {}) =>
  callFile(storeCalls.getRecipientImage, {
    params: { id },
    query: { width: String(options.width ?? 1280), ...(options.back ? { is_back_side: '1' } : {}) },
  });

/** Signed links for a new window, where no session header goes along. */
export const recipientPreviewLink = (id: number) => call(storeCalls.getRecipientPreviewLinks, { params: { id } });

export const recipientPdf = (id: number) => callFile(storeCalls.getRecipientPdf, { params: { id }, query: {} });

/**
 * A signed link to one PDF holding the certificates of the chosen recipients of a project, or of all of
 * them when none is chosen, for a new window. The ids repeat as `rid[]`, as the print file's address has them.
 */
export const projectPrintLink = (projectId: number, recipientIds: readonly number[] = []) =>
  call(storeCalls.getProjectPrintLink, { params: { id: projectId }, query: { 'rid[]': [...recipientIds] } });

/** `import_columns`: the column titles a file adding recipients to the project must have. */
export const projectDataFields = (projectId: number) => call(storeCalls.getProjectDataFields, { params: { id: projectId } });

export const accountDataFields = (accountId: number) => call(storeCalls.listAccountDataFields, { params: { id: accountId } });

/** Reads a file with the project's columns into rows for add-recipients; nothing is stored yet. */
export function importProjectRecipients(projectId: number, file: File, delimiter?: Separator) {
  const form = new FormData();
  form.append('project_id', String(projectId));
  if (delimiter) form.append('delimiter', delimiter);
  form.append('file', file, file.name);
  return call(importCalls.importProjectRecipients, { form });
}

type SearchQuery = NonNullable<CallInput<typeof storeCalls.searchRecipients>['query']>;

/** The global search's filters as a query string carries them: empty data fields left out, the others as one JSON object. */
export function filterQuery(filter: SearchFilter): SearchQuery {
  const fields = Object.fromEntries(Object.entries(filter.fields ?? {}).filter(([, v]) => v.trim()));
  const { fields: _omit, ...rest } = filter;
  return { ...rest, fields: Object.keys(fields).length ? JSON.stringify(fields) : undefined };
}

export const searchRecipients = (filter: SearchFilter, page: Pick<SearchQuery, 'limit' | 'offset' | 'sort'>) =>
  call(storeCalls.searchRecipients, { query: { ...filterQuery(filter), ...page } });

export const listPeople = (accountId: number, query: CallInput<typeof storeCalls.listPeople>['query']) =>
  call(storeCalls.listPeople, { params: { accountId }, query });

export const personCertificates = (accountId: number, email: string) =>
  call(storeCalls.listPersonCertificates, { params: { accountId, email } });

export const runProjectExport = (project: { id: number; title: string }, export_type: ExportType, email?: string) =>
  call(exportCalls.exportProject, { body: { project_id: project.id, project_title: project.title, export_type, email } });

export const runBulkExport = (projectIds: number[], export_type: ExportType, email?: string) =>
  call(exportCalls.exportProjects, { body: { projectIds, export_type, email } });

export const runSearchExport = (accountId: number, filter: SearchFilter, columns: string[], export_type: ExportType, email?: string) =>
  call(exportCalls.exportSearchResults, { params: { accountId }, body: { filter, columns, export_type, email } });

export const projectRecipientsCount = (id: number) => call(exportCalls.getProjectRecipientsCount, { params: { id } });

export const bulkRecipientsCount = (projectIds: number[]) => call(exportCalls.countProjectsRecipients, { body: { projects: projectIds } });

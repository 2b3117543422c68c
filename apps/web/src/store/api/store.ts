import { api } from '../../api/client.ts';
import { fetchBinary } from '../../build/api.ts';
import type { Separator } from '../../send/api/send.ts';
import type { HistoryEvent, Paging, Project, Recipient } from './projects.ts';

/**
 * Calls of the Store (spec 3 §2 store screens, §7): projects, recipients, search, history and exports.
 * What the send wizard reads as well (a project, its recipients, sending and progress) is in projects.ts.
 */

export type ProjectSort = 'id' | 'newest' | 'title';

export const listProjects = (query: Paging & { like?: string; sort?: ProjectSort }) =>
  api.get<{ projects: Project[]; count: number }>('/projects', { query });

export const updateProjectMemo = (id: number, body: { memo?: string; title?: string }) =>
  api.post<{ success: boolean; message: string; project: Project }>(`/projects/${id}/update-memo`, body);

export const deleteProject = (id: number) => api.delete<{ success: boolean; message: string }>(`/projects/${id}`);

/** A recipient as the store's detail views read them: with their project and their history. */
export interface StoreRecipient extends Recipient {
  project_title: string;
  certificate_name: string;
  revoked_at: string | null;
  created_at: string;
  history: HistoryEvent[];
}

export const getRecipient = (id: number) => api.get<StoreRecipient>(`/recipients/${id}`);

export const updateRecipient = (id: number, body: { first_name?: string; last_name?: string; meta?: Record<string, string> }) =>
  api.put<{ success: boolean; message: string; recipient: StoreRecipient }>(`/recipients/${id}`, body);

export const changeRecipientEmail = (accountId: number, recipientIds: number[], email: string) =>
  api.put<{ success: boolean; message: string; recipients: { id: number; email: string }[] }>(`/recipients/${accountId}/recipient-email`, {
    update_email: email,
    recipients_id: recipientIds,
  });

export const deleteRecipient = (id: number) => api.delete<{ success: boolean; message: string }>(`/recipients/${id}`);

export const revokeRecipient = (id: number, reason?: string) =>
  api.post<{ success: boolean; message: string; recipient: Recipient }>(`/recipients/${id}/revoke`, { reason });

export const reinstateRecipient = (id: number) =>
  api.post<{ success: boolean; message: string; recipient: Recipient }>(`/recipients/${id}/reinstate`);

/** The certificate as the recipient has it: a PNG for the screen (fetched with the session header). */
export const recipientImage = (id: number, options: { back?: boolean; width?: number } = {}) =>
  fetchBinary(`/api/recipients/${id}/image/image.png?width=${options.width ?? 1280}${options.back ? '&is_back_side=1' : ''}`);

/** Signed links for a new window, where no session header goes along. */
export const recipientPreviewLink = (id: number) => api.get<{ pdf: string; image: string }>(`/recipients/${id}/preview-link`);

export const recipientPdf = (id: number) => fetchBinary(`/api/recipients/${id}/pdf`);

/**
 * A signed link to one PDF holding the certificates of the chosen recipients of a project, or of all of
 * them when none is chosen, for a new window. The ids repeat as `rid[]`, as the print file's address has them.
 */
export const projectPrintLink = (projectId: number, recipientIds: readonly number[] = []) => {
  const query = new URLSearchParams(recipientIds.map((id) => ['rid[]', String(id)]));
  return api.get<{ pdf: string }>(`/projects/${projectId}/print-link${recipientIds.length ? `?${query.toString()}` : ''}`);
};

export interface DataField {
  key: string;
  label: string;
  kind: 'data' | 'expiration_date';
}

/** `import_columns`: the column titles a file adding recipients to the project must have. */
export const projectDataFields = (projectId: number) =>
  api.get<{ fields: DataField[]; expiration_date_format: string | null; import_columns: string[] }>(`/projects/${projectId}/data-fields`);

export const accountDataFields = (accountId: number) => api.get<{ fields: DataField[] }>(`/accounts/${accountId}/data-fields`);

export const addRecipients = (projectId: number, recipients: Record<string, string>[]) =>
  api.post<{ success: boolean; added: number; message: string; project: Project }>(`/projects/${projectId}/add-recipients`, { recipients });

/** Reads a file with the project's columns into rows for add-recipients; nothing is stored yet. */
export async function importProjectRecipients(projectId: number, file: File, delimiter?: Separator) {
  const form = new FormData();
  form.append('project_id', String(projectId));
  if (delimiter) form.append('delimiter', delimiter);
  form.append('file', file, file.name);
  return api.postForm<{ data: Record<string, string>[]; headers: string[]; message: string }>(
    '/recipients/import-project-recipients-list',
    form,
  );
}

/** The global search's filters; empty ones are left out of the request. */
export interface SearchFilter {
  like?: string;
  name?: string;
  email?: string;
  project?: string;
  certificate?: string;
  project_id?: number;
  status?: string;
  sent_from?: string;
  sent_to?: string;
  fields?: Record<string, string>;
}

export type SearchSort = 'newest' | 'oldest' | 'name' | 'email' | 'sent_at' | 'project';

export function filterQuery(filter: SearchFilter): Record<string, string | number | undefined> {
  const fields = Object.fromEntries(Object.entries(filter.fields ?? {}).filter(([, v]) => v.trim()));
  const { fields: _omit, ...rest } = filter;
  return { ...rest, fields: Object.keys(fields).length ? JSON.stringify(fields) : undefined };
}

export const searchRecipients = (filter: SearchFilter, page: Paging & { sort?: SearchSort }) =>
  api.get<{ recipients: StoreRecipient[]; count: number }>('/recipients/search', { query: { ...filterQuery(filter), ...page } });

/** One person in the Recipients list: an address and what it received across projects. */
export interface Person {
  email: string;
  first_name: string;
  last_name: string;
  certificates: number;
  projects: number;
  sent: number;
  opened: number;
  undeliverable: number;
  last_sent_at: string | null;
  last_added_at: string;
}

export type PeopleSort = 'newest' | 'name' | 'email' | 'certificates' | 'last_sent';

export const listPeople = (accountId: number, query: Paging & { like?: string; sort?: PeopleSort }) =>
  api.get<{ recipients: Person[]; count: number }>(`/recipients/${accountId}/account-recipients`, { query });

export const personCertificates = (accountId: number, email: string) =>
  api.get<{ email: string; recipients: (StoreRecipient & { project_created_at: string })[] }>(
    `/recipients/${accountId}/recipient-projects/${encodeURIComponent(email)}`,
  );

export type ExportType = 'csv' | 'xlsx';

export interface ExportStarted {
  success: boolean;
  message: string;
  email: string;
  recipients_count: number;
  estimated_minutes: number;
}

export const runProjectExport = (project: { id: number; title: string }, export_type: ExportType, email?: string) =>
  api.post<ExportStarted>('/projects/run-export', { project_id: project.id, project_title: project.title, export_type, email });

export const runBulkExport = (projectIds: number[], export_type: ExportType, email?: string) =>
  api.post<ExportStarted>('/projects/run-export-bulk', { projectIds, export_type, email });

export const runSearchExport = (accountId: number, filter: SearchFilter, columns: string[], export_type: ExportType, email?: string) =>
  api.post<ExportStarted>(`/recipients/${accountId}/account-recipients-alldata`, { filter, columns, export_type, email });

export const projectRecipientsCount = (id: number) => api.get<{ recipients_count: number }>(`/projects/${id}/recipients-count`);

export const bulkRecipientsCount = (projectIds: number[]) =>
  api.post<{ recipients_count: number }>('/projects/bulk-recipients-count', { projects: projectIds });

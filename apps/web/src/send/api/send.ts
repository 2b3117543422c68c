import type { ExpirationDateFormat, RecipientField } from '@laurel/certificate';
import { API_BASE, api } from '../../api/client.ts';
import type { Project } from '../../store/api/projects.ts';

/** Calls of the send wizard (spec 3 §7, Send and projects); the send step's are in projects.ts, shared with the Store. */

/** A certificate set as the wizard uses it: what it looks like and which fields an import fills. */
export interface SendCertificate {
  id: number;
  name: string;
  is_portrait: boolean;
  use_two_side: boolean;
  expiration_date_format: ExpirationDateFormat | null;
  fields: RecipientField[];
  updated_at: string;
  image: string;
}

export const listSendCertificates = (accountId: number, page: { limit: number; offset: number }) =>
  api.get<{ certificates: SendCertificate[]; count: number }>(`/certificates/send_select/${accountId}`, { query: page });

/** An imported table: the header row (named or generated) and the data rows. */
export interface ImportedTable {
  headers: string[];
  data: string[][];
  message: string;
}

export type Separator = ',' | ';' | ':' | 'tab';

/**
 * Sends a file (or pasted text, as a tab-separated file) to the server's parser, which reads CSV
 * and XLSX alike, finds the header row and applies the import limits.
 */
export async function importList(file: Blob, filename: string, delimiter?: Separator): Promise<ImportedTable> {
  const form = new FormData();
  if (delimiter) form.append('delimiter', delimiter);
  form.append('file', file, filename);
  return api.postForm<ImportedTable>('/recipients/import-list', form);
}

/** One recipient row keyed by field: FIRST_NAME, LAST_NAME, 'Email Address', EXPIRATION_DATE, COURSE … */
export type RecipientValues = Record<string, string>;

/** `mapping`: column title -> field key ('' for a column left unmatched), kept so later files can be held to the same columns. */
export const createProject = (body: {
  title: string;
  key?: string;
  certificate_id: number;
  filename?: string | null;
  mapping?: Record<string, string>;
  recipients: RecipientValues[];
}) => api.post<Project>('/projects', body);

export const requestCredits = (requestedCredits: number) =>
  api.post<{ success: boolean; admin_email: string | null; message: string }>('/accounts/send-credits-request', { requestedCredits });

export interface EmailPreview {
  subject: string;
  html: string | null;
  text: string;
  from: string;
  to: string;
  reply_to: string;
}

export const previewRecipientEmail = (certificateId: number, recipient: RecipientValues, senderName?: string) =>
  api.post<EmailPreview>(`/certificates/${certificateId}/recipient-email-preview`, { recipient, sender_name: senderName });

/** The certificate drawn with one row's values: the PNG route takes the fields as its query. */
export function recipientImageUrl(
  certificateId: number,
  values: RecipientValues,
  options: { back?: boolean; width?: number } = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (key !== 'Email Address' && value) query.set(key, value);
  if (options.width) query.set('width', String(options.width));
  if (options.back) query.set('is_back_side', '1');
  return `${API_BASE}/certificates/${certificateId}/image/image.png?${query}`;
}

import { creditCalls, importCalls, renderingCalls, type SendableCertificate, sendSelectCalls } from '@laurel/domain';
import { call, callUrl } from '../../../shared/api/call.ts';

/** Calls of the send wizard (docs/product/store.md#calls, Send and projects); the send step's are in projects.ts, shared with the Store. */

/** A certificate set as the wizard uses it: what it looks like and which fields an import fills. */
export type SendCertificate = SendableCertificate;

export const listSendCertificates = (accountId: number, page: { limit: number; offset: number }) =>
  call(sendSelectCalls.listSendableCertificates, { params: { accountId }, query: page });

export type Separator = ',' | ';' | ':' | 'tab';

/**
 * Sends a file (or pasted text, as a tab-separated file) to the server's parser, which reads CSV
 * and XLSX alike, finds the header row and applies the import limits.
 */
export function importList(file: Blob, filename: string, delimiter?: Separator) {
  const form = new FormData();
  if (delimiter) form.append('delimiter', delimiter);
  form.append('file', file, filename);
  return call(importCalls.importRecipientList, { form });
}

/** One recipient row keyed by field: FIRST_NAME, LAST_NAME, 'Email Address', EXPIRATION_DATE, COURSE … */
export type RecipientValues = Record<string, string>;

/** `mapping`: column title -> field key ('' for a column left unmatched), kept so later files can be held to the same columns. */
export const requestCredits = (requestedCredits: number) => call(creditCalls.requestCredits, { body: { requestedCredits } });

export const previewRecipientEmail = (certificateId: number, recipient: RecipientValues, senderName?: string) =>
  call(sendSelectCalls.previewRecipientEmail, { params: { id: certificateId }, body: { recipient, sender_name: senderName } });

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
  return callUrl(renderingCalls.getCertificateImage, { params: { id: certificateId }, query: Object.fromEntries(query) });
}

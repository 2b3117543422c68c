import {
  type ExpirationDateFormat,
  expirationDateMessage,
  FIELD_KEYS,
  importedValues,
  mappingProblem,
  parseDateInFormat,
  type RecipientField,
} from '@laurel/certificate';
import { isValidEmail, MESSAGES } from '@laurel/domain';
import type { RecipientValues } from './api/send.ts';

export type ImportKind = 'clipboard' | 'file' | 'manual';

/** What the import step produced: columns and rows as found, and where they came from. */
export interface ImportTable {
  headers: string[];
  rows: string[][];
  kind: ImportKind;
  filename: string | null;
}

/** One recipient in the preview; `uid` keeps a row's identity through edits and deletions. */
export interface RecipientRow {
  uid: number;
  values: RecipientValues;
}

let nextUid = 1;
export const newRow = (values: RecipientValues): RecipientRow => ({ uid: nextUid++, values });

/** The field keys a mapping fills (one per column at most; null is "None"). */
export const mappedKeys = (mapping: (string | null)[]) => new Set(mapping.filter((k): k is string => !!k));

export const mappingError = (fields: RecipientField[], mapping: (string | null)[]) => mappingProblem(fields, mappedKeys(mapping));

/** The columns as the project keeps them (title -> field key, '' for "None"); a list typed in by hand has none. */
export function projectMapping(table: ImportTable | null, mapping: (string | null)[]): Record<string, string> | undefined {
  if (!table || table.kind === 'manual') return undefined;
  return Object.fromEntries(table.headers.map((title, column) => [title, mapping[column] ?? '']));
}

/** The table's rows as recipients keyed by field (the rules of `importedValues`). */
export function toRecipients(table: ImportTable, mapping: (string | null)[], format: ExpirationDateFormat | null): RecipientRow[] {
  return table.rows.map((cells) => newRow(importedValues(cells, mapping, format)));
}

/**
 * The first row the server would refuse, named (spec 3 §5: clipboard and imported rows are checked
 * for valid emails and expiration dates; the first bad one is reported). Null when all are good.
 */
export function firstRowProblem(rows: RecipientRow[], fields: RecipientField[], format: ExpirationDateFormat | null): string | null {
  const needsExpiration = fields.some((f) => f.kind === 'expiration_date');
  for (const [index, { values }] of rows.entries()) {
    const row = `row ${index + 1}`;
    const email = (values[FIELD_KEYS.email] ?? '').trim();
    if (!(values[FIELD_KEYS.first] ?? '').trim() && !(values[FIELD_KEYS.last] ?? '').trim())
      return `The recipient name is missing (${row}).`;
    if (!email) return `Missing email address (${row}).`;
    if (!isValidEmail(email)) return `${MESSAGES.invalidEmail}: ${email} (${row})`;
    if (needsExpiration && format) {
      const date = (values[FIELD_KEYS.expiration] ?? '').trim();
      if (!parseDateInFormat(date, format)) return `${expirationDateMessage(format)} (${row}: “${date}”)`;
    }
  }
  return null;
}

/** A recipient's problems field by field, for the add/edit dialog and manual entry. */
export function valueProblems(
  values: RecipientValues,
  fields: RecipientField[],
  format: ExpirationDateFormat | null,
  emptyMessage: string,
) {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (!value) {
      problems[field.key] = emptyMessage;
      continue;
    }
    if (field.kind === 'email' && !isValidEmail(value)) problems[field.key] = 'Please enter a valid email address.';
    if (field.kind === 'expiration_date' && format && !parseDateInFormat(value, format))
      problems[field.key] = expirationDateMessage(format);
  }
  return problems;
}

/** The values the certificate image is drawn with: names and fields, the expiration date as ISO. */
export function imageValues(values: RecipientValues, format: ExpirationDateFormat | null): RecipientValues {
  const { [FIELD_KEYS.email]: _email, [FIELD_KEYS.full]: _full, ...rest } = values;
  const expiration = rest[FIELD_KEYS.expiration];
  if (expiration && format) rest[FIELD_KEYS.expiration] = parseDateInFormat(expiration, format) ?? expiration;
  return rest;
}

/** The row as the project is saved: only the fields, trimmed; a combined name follows its parts. */
export function projectRow(values: RecipientValues): RecipientValues {
  const row: RecipientValues = {};
  for (const [key, value] of Object.entries(values)) row[key] = value.trim();
  if (row[FIELD_KEYS.full] !== undefined) row[FIELD_KEYS.full] = `${row[FIELD_KEYS.first] ?? ''} ${row[FIELD_KEYS.last] ?? ''}`.trim();
  return row;
}

/** Whether a row matches a search: any of its values contains the text, ignoring case. */
export const rowMatches = (row: RecipientRow, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || Object.values(row.values).some((v) => v.toLowerCase().includes(needle));
};

import {
  type ExpirationDateFormat,
  expirationDateMessage,
  FIELD_KEYS,
  importedValues,
  mappingProblem,
  parseDateInFormat,
  type RecipientField,
} from '@laurel/certificate';
import {
  duplicateProblem,
  EXPIRY_MESSAGES,
  expiresBeforeIssue,
  isFamilyNameFirst,
  isValidEmail,
  type RowProblem,
  repeatedRows,
  rowProblems,
  utcDay,
  withNameParts,
} from '@laurel/domain';
import type { RecipientValues } from './api/send.ts';

export type ImportKind = 'clipboard' | 'file' | 'manual';

/** What the import step produced: columns and rows as found, and where they came from. */
export interface ImportTable {
  headers: string[];
  rows: string[][];
  kind: ImportKind;
  filename: string | null;
}

/**
 * One recipient in the preview; `uid` keeps a row's identity through edits and deletions, `line` is
 * its number in the list as imported (the header row not counted), the number problems are named by.
 */
export interface RecipientRow {
  uid: number;
  line: number;
  values: RecipientValues;
}

let nextUid = 1;
export const newRow = (values: RecipientValues, line: number): RecipientRow => ({ uid: nextUid++, line, values });

/** Rows read back from storage keep their ids; new rows must not take one of them. */
export function adoptRows(rows: RecipientRow[]): void {
  for (const row of rows) nextUid = Math.max(nextUid, row.uid + 1);
}

/** The number a row added in the preview takes: after every row of the list. */
export const nextLine = (rows: RecipientRow[]) => rows.reduce((max, row) => Math.max(max, row.line), 0) + 1;

/** The field keys a mapping fills (one per column at most; null is "None"). */
export const mappedKeys = (mapping: (string | null)[]) => new Set(mapping.filter((k): k is string => !!k));

export const mappingError = (fields: RecipientField[], mapping: (string | null)[]) => mappingProblem(fields, mappedKeys(mapping));

/** The columns as the project keeps them (title -> field key, '' for "None"); a list typed in by hand has none. */
export function projectMapping(table: ImportTable | null, mapping: (string | null)[]): Record<string, string> | undefined {
  if (!table || table.kind === 'manual') return undefined;
  return Object.fromEntries(table.headers.map((title, column) => [title, mapping[column] ?? '']));
}

/** The table's rows as recipients keyed by field (the rules of `importedValues`; a whole name fills its parts). */
export function toRecipients(table: ImportTable, mapping: (string | null)[], format: ExpirationDateFormat | null): RecipientRow[] {
  return table.rows.map((cells, index) => newRow(withNameParts(importedValues(cells, mapping, format)), index + 1));
}

/**
 * What keeps each row from being saved (the server's checks, docs/product/send-wizard.md#rules-and-limits), and rows repeating an
 * earlier one exactly. Rows left out are not checked, and a row repeating one left out is not a repeat.
 */
export function problemsOf(
  rows: RecipientRow[],
  fields: RecipientField[],
  format: ExpirationDateFormat | null,
  leftOut: ReadonlySet<number>,
): Map<number, RowProblem[]> {
  const kept = rows.filter((row) => !leftOut.has(row.uid));
  const repeats = repeatedRows(
    kept.map((row) => row.values),
    fields,
  );
  const problems = new Map<number, RowProblem[]>();
  // The server checks expiry dates against its own day when the rows are saved, and again when they are sent.
  const today = utcDay(new Date());
  kept.forEach((row, index) => {
    const found = rowProblems(row.values, fields, format, today);
    const earlier = repeats[index];
    if (earlier != null) found.push(duplicateProblem(kept[earlier]!.line - 1));
    if (found.length) problems.set(row.uid, found);
  });
  return problems;
}

/** A last name may stay empty when the first name holds a whole name written family name first ("王小明"). */
export const lastNameOptional = (values: RecipientValues) => isFamilyNameFirst(values[FIELD_KEYS.first] ?? '');

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
      if (field.kind === 'last_name' && lastNameOptional(values)) continue;
      problems[field.key] = emptyMessage;
      continue;
    }
    if (field.kind === 'email' && !isValidEmail(value)) problems[field.key] = 'Please enter a valid email address.';
    if (field.kind === 'expiration_date' && format) {
      const expiresOn = parseDateInFormat(value, format);
      if (!expiresOn) problems[field.key] = expirationDateMessage(format);
      else if (expiresBeforeIssue(expiresOn, utcDay(new Date()))) problems[field.key] = EXPIRY_MESSAGES.past;
    }
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

import { type CertificateDesign, FIELD_KEYS, mappingProblem, recipientFields } from '@laurel/certificate';
import { badRequest } from '../../http/errors.ts';

/**
 * A project's columns (`projects.mapping`): each column title of the list it was saved from, with the
 * field key it filled, or '' for a column the issuer left unmatched. Kept so that a later file adding
 * recipients can be held to the same columns (docs/product/send-wizard.md#rules-and-limits).
 */
export type ProjectColumns = Record<string, string>;

/** A list typed in by hand has no columns of its own: the field keys stand for them. */
const fieldColumns = (design: CertificateDesign): ProjectColumns => Object.fromEntries(recipientFields(design).map((f) => [f.key, f.key]));

/** The columns the wizard matched, checked against the certificate's fields; the field keys when none were sent. */
export function savedColumns(design: CertificateDesign, mapping: ProjectColumns | undefined): ProjectColumns {
  if (!mapping || Object.keys(mapping).length === 0) return fieldColumns(design);
  const fields = recipientFields(design);
  const keys = new Set(fields.map((f) => f.key));
  const problem = mappingProblem(fields, new Set(Object.values(mapping).filter(Boolean)));
  if (problem) throw badRequest(problem, { error_type: 'mapping', field: 'mapping' });
  const titles = new Set<string>();
  for (const [title, field] of Object.entries(mapping)) {
    if (field && !keys.has(field))
      throw badRequest(`The column "${title}" is matched to a field this certificate does not have.`, {
        error_type: 'mapping',
        field: 'mapping',
      });
    const name = columnName(title);
    if (!name || titles.has(name))
      throw badRequest('Each column of the list needs its own title.', { error_type: 'mapping', field: 'mapping' });
    titles.add(name);
  }
  return mapping;
}

/** One column a file adding recipients must have, and the field it fills ('' for none). */
export interface ExpectedColumn {
  title: string;
  field: string;
}

/**
 * The columns a file adding recipients must have, in the certificate's field order (the stored
 * mapping keeps no order). Projects saved without a file list every field key, the combined name
 * among them; a person writes first and last name, so that one is not asked for.
 */
export function expectedColumns(saved: ProjectColumns, design: CertificateDesign): ExpectedColumn[] {
  const order = recipientFields(design).map((f) => f.key);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const byParts = saved[FIELD_KEYS.first] === FIELD_KEYS.first && saved[FIELD_KEYS.last] === FIELD_KEYS.last;
  return Object.entries(saved)
    .filter(([title, field]) => !(byParts && title === FIELD_KEYS.full && field === FIELD_KEYS.full))
    .map(([title, field]) => ({ title, field }))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

/** Titles compare trimmed and in any letter case; NFC so that "é" typed or composed is one letter. */
export const columnName = (title: string) => title.normalize('NFC').trim().toLowerCase();

const quoted = (titles: string[]) => titles.map((t) => `"${t}"`).join(', ');

/**
 * The field each column of a file fills, in the file's order; 400 `not_equal` naming the columns
 * missing and the ones not expected when the file's titles are not the project's.
 */
export function fieldsOfColumns(expected: ExpectedColumn[], headers: string[]): (string | null)[] {
  const fieldByName = new Map(expected.map((column) => [columnName(column.title), column.field]));
  const found = new Set(headers.map(columnName));
  const missing = expected.map((column) => column.title).filter((title) => !found.has(columnName(title)));
  const unexpected = headers.filter((header) => !fieldByName.has(columnName(header)));
  if (missing.length || unexpected.length) {
    const parts = [missing.length ? `missing ${quoted(missing)}` : '', unexpected.length ? `unexpected ${quoted(unexpected)}` : ''].filter(
      Boolean,
    );
    throw badRequest(`The file's columns must match the project's: ${parts.join('; ')}.`, { error_type: 'not_equal' });
  }
  return headers.map((header) => fieldByName.get(columnName(header)) || null);
}

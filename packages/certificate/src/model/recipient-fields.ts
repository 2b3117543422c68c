import { formatExpirationDate } from '../layout/recipient.ts';
import type { CertificateDesign, ExpirationDateFormat } from './design.ts';
import { elementText } from './element-text.ts';
import { mergeFieldNames, mergeKey } from './merge-fields.ts';

/**
 * What a send needs to know about each recipient of a certificate (docs/product/send-wizard.md#what-is-kept, import preview):
 * first and last name (or both in one combined column), the email address, the expiration date when
 * the design shows one, and every custom merge field of the design.
 */
export interface RecipientField {
  key: string;
  kind: 'first_name' | 'last_name' | 'full_name' | 'email' | 'expiration_date' | 'data';
  /** The combined name is the one field that may stay unmapped when first and last are mapped. */
  optional: boolean;
}

export const FIELD_KEYS = {
  first: 'FIRST_NAME',
  last: 'LAST_NAME',
  full: 'FIRST_NAME LAST_NAME',
  email: 'Email Address',
  expiration: 'EXPIRATION_DATE',
} as const;

/** Merge fields the certificate fills in itself rather than from an imported column. */
const BUILT_IN = new Set([
  'first name',
  'last name',
  'participant name',
  'full name',
  'name',
  'certificate number',
  'expiration date',
  'account name',
  'account email',
  'recipient email',
]);

export function recipientFields(design: CertificateDesign): RecipientField[] {
  const all = [...design.elements, ...design.back_side_elements];
  const fields: RecipientField[] = [
    { key: FIELD_KEYS.first, kind: 'first_name', optional: false },
    { key: FIELD_KEYS.last, kind: 'last_name', optional: false },
    { key: FIELD_KEYS.full, kind: 'full_name', optional: true },
    { key: FIELD_KEYS.email, kind: 'email', optional: false },
  ];
  if (all.some((e) => e.type === 'expiration_date')) fields.push({ key: FIELD_KEYS.expiration, kind: 'expiration_date', optional: false });
  const seen = new Set<string>();
  for (const element of all) {
    if (element.type === 'name' || element.type === 'expiration_date' || element.type === 'certificate_number') continue;
    for (const name of mergeFieldNames(elementText(element))) {
      const key = mergeKey(name).replace(/_/g, ' ');
      if (BUILT_IN.has(key) || seen.has(key)) continue;
      seen.add(key);
      fields.push({ key: name.trim().toUpperCase(), kind: 'data', optional: false });
    }
  }
  return fields;
}

export const MAPPING_INCOMPLETE = 'Please map all data fields on cert to continue.';

/**
 * docs/product/send-wizard.md#rules-and-limits: every field must be mapped to a column, except that a combined name column may stand
 * for first and last name (and the combined field needs no column when both are mapped).
 */
export function mappingProblem(fields: RecipientField[], mapped: ReadonlySet<string>): string | null {
  const combined = mapped.has(FIELD_KEYS.full);
  for (const field of fields) {
    if (field.optional || mapped.has(field.key)) continue;
    if (combined && (field.kind === 'first_name' || field.kind === 'last_name')) continue;
    return MAPPING_INCOMPLETE;
  }
  return null;
}

/**
 * One imported row as values by field key; `fieldOfColumn[i]` is the field column i fills, or null.
 * A combined name column stays as it is: how a whole name fills first and last name depends on the
 * script it is written in (`withNameParts` in @laurel/domain). Spreadsheet date cells arrive as ISO
 * dates; an unambiguous ISO date is written in the certificate's format rather than refused.
 */
export function importedValues(
  cells: readonly string[],
  fieldOfColumn: readonly (string | null)[],
  format: ExpirationDateFormat | null,
): Record<string, string> {
  const values: Record<string, string> = {};
  fieldOfColumn.forEach((key, column) => {
    if (key) values[key] = (cells[column] ?? '').trim();
  });
  const expiration = values[FIELD_KEYS.expiration];
  if (
    expiration !== undefined &&
    format &&
    format !== 'YYYY-MM-DD' &&
    /^\d{4}-\d{2}-\d{2}$/.test(expiration) &&
    parseDateInFormat(expiration, 'YYYY-MM-DD')
  ) {
    values[FIELD_KEYS.expiration] = formatExpirationDate(expiration, format);
  }
  return values;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Reads a date written strictly in one of the expiration formats of docs/product/builder.md#rules-and-limits; null when it is not
 * (wrong shape, or no such day). The result is the ISO date YYYY-MM-DD.
 */
export function parseDateInFormat(value: string, format: ExpirationDateFormat): string | null {
  const patterns: Record<string, string> = {
    MMMM: '([A-Za-z]+)',
    YYYY: '(\\d{4})',
    YY: '(\\d{2})',
    MM: '(\\d{2})',
    DD: '(\\d{2})',
    M: '(\\d{1,2})',
    D: '(\\d{1,2})',
  };
  const order: string[] = [];
  const source = format.replace(/MMMM|YYYY|YY|MM|DD|M|D|[.*+?^${}()|[\]\\/]/g, (token) => {
    if (patterns[token]) {
      order.push(token);
      return patterns[token]!;
    }
    return `\\${token}`;
  });
  const match = new RegExp(`^${source}$`).exec(value.trim());
  if (!match) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  order.forEach((token, i) => {
    const part = match[i + 1]!;
    if (token === 'MMMM') month = MONTHS.indexOf(part.toLowerCase()) + 1;
    else if (token === 'YYYY') year = Number(part);
    else if (token === 'YY') year = 2000 + Number(part);
    else if (token === 'MM' || token === 'M') month = Number(part);
    else day = Number(part);
  });
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export const expirationDateMessage = (format: string) => `Please enter a valid expiration date in format - ${format}`;

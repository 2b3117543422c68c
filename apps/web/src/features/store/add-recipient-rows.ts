import { type ExpirationDateFormat, expirationDateMessage, FIELD_KEYS, parseDateInFormat } from '@laurel/certificate';
import { type DataField, EXPIRY_MESSAGES, expiresBeforeIssue, isValidEmail, MESSAGES, utcDay } from '@laurel/domain';

/** One recipient being added, by field key; problems by row index, then field key. */
export type Row = Record<string, string>;
export type Errors = Record<number, Record<string, string>>;

export const NAME_FIELDS = [
  { key: FIELD_KEYS.first, label: 'First name' },
  { key: FIELD_KEYS.last, label: 'Last name' },
  { key: FIELD_KEYS.email, label: 'Email' },
];

export const emptyRow = (fields: DataField[]): Row => Object.fromEntries([...NAME_FIELDS, ...fields].map((f) => [f.key, '']));

export const isBlank = (row: Row) => Object.values(row).every((value) => !value.trim());

/** What one add-recipients call takes. */
export const MAX_ROWS = 50_000;

/**
 * Imported people join those already typed in; still-empty rows make way for them. Past what one
 * addition takes the import is refused whole rather than cut, so nobody is dropped unseen.
 */
export function withImported(
  rows: Row[],
  incoming: Row[],
  fields: DataField[],
  fileName: string,
): { rows: Row[]; firstNew: number } | { problem: string } {
  const kept = rows.filter((row) => !isBlank(row));
  if (kept.length + incoming.length > MAX_ROWS) {
    return {
      problem: `${fileName} holds ${incoming.length.toLocaleString('en-US')} recipients; with those already here that is more than the ${MAX_ROWS.toLocaleString('en-US')} one addition takes. Add them in parts.`,
    };
  }
  return { rows: [...kept, ...incoming.map((row) => ({ ...emptyRow(fields), ...row }))], firstNew: kept.length };
}

/**
 * The checks the send wizard makes of its rows, for added recipients: every field filled, a valid address, a date in the
 * certificate's format and not already past (the server checks the same against its own day).
 */
export function validate(rows: Row[], fields: DataField[], format: string): Errors {
  const errors: Errors = {};
  const today = utcDay(new Date());
  rows.forEach((row, index) => {
    const rowErrors: Record<string, string> = {};
    for (const field of [...NAME_FIELDS, ...fields]) if (!row[field.key]?.trim()) rowErrors[field.key] = 'Required';
    const email = row[FIELD_KEYS.email]?.trim() ?? '';
    if (email && !isValidEmail(email)) rowErrors[FIELD_KEYS.email] = MESSAGES.invalidEmail;
    const date = row[FIELD_KEYS.expiration]?.trim();
    const expiresOn = date ? parseDateInFormat(date, format as ExpirationDateFormat) : null;
    if (date && !expiresOn) rowErrors[FIELD_KEYS.expiration] = expirationDateMessage(format);
    else if (expiresOn && expiresBeforeIssue(expiresOn, today)) rowErrors[FIELD_KEYS.expiration] = EXPIRY_MESSAGES.past;
    if (Object.keys(rowErrors).length) errors[index] = rowErrors;
  });
  return errors;
}

/** The problems of the rows after the removed one move up with their rows. */
export function withoutRow(errors: Errors, removed: number): Errors {
  const next: Errors = {};
  for (const [key, value] of Object.entries(errors)) {
    const index = Number(key);
    if (index !== removed) next[index > removed ? index - 1 : index] = value;
  }
  return next;
}

import { type ExpirationDateFormat, expirationDateMessage, FIELD_KEYS, parseDateInFormat, type RecipientField } from '@laurel/certificate';
import { MESSAGES } from './api/errors.ts';
import { isValidEmail } from './email.ts';
import { withNameParts } from './person-name.ts';

/** One imported recipient: values by field key (FIRST_NAME, 'Email Address', COURSE …). */
export type RecipientRowValues = Record<string, string | undefined>;

export type RowProblemKind = 'missing_name' | 'missing_email' | 'invalid_email' | 'invalid_date' | 'past_date' | 'duplicate';

/** Why a row cannot be sent as it is, and the field to correct (none for a repeated row). */
export interface RowProblem {
  kind: RowProblemKind;
  field: string | null;
  message: string;
}

/** The UTC day of a moment, YYYY-MM-DD: expiration days and credentials' dates are counted in UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export const EXPIRY_MESSAGES = {
  past: 'The expiration date has already passed: a certificate cannot expire before it is issued',
  /** A send refused whole: some of its recipients' expiration dates passed since they were saved. */
  pastAtSend: (names: string[], total: number) =>
    `Nothing was sent: the expiration date of ${total === 1 ? 'one recipient' : `${total} recipients`} has already passed (${names.join(', ')}${
      total > names.length ? ` and ${total - names.length} more` : ''
    }). Correct ${total === 1 ? 'it' : 'them'} in the recipient's details, or send without ${total === 1 ? 'this recipient' : 'them'}.`,
} as const;

/**
 * Whether an expiration date (YYYY-MM-DD, the last day the certificate holds) is before `today`, the day
 * it would be issued. Such a certificate would be over before it begins, and its credential would end
 * before it starts: rows with one are refused when they are checked, and recipients with one when they are sent.
 */
export const expiresBeforeIssue = (expiresOn: string, today: string): boolean => expiresOn < today;

/** How rows are named in messages: by their place in the list, counting from 1 (the header row is not counted). */
export const rowLabel = (index: number) => `row ${index + 1}`;

/**
 * What keeps one row from being saved (docs/product/send-wizard.md#rules-and-limits): a name (first, last or combined), an email
 * address that is present and valid and, when the certificate shows one, an expiration date written
 * strictly in its format and not before `today` (YYYY-MM-DD, UTC). Other data fields may be empty, as
 * in the add-recipient dialog. The server refuses a project holding such a row; the wizard shows each
 * one to fix or leave out.
 */
export function rowProblems(
  row: RecipientRowValues,
  fields: readonly RecipientField[],
  format: ExpirationDateFormat | null,
  today: string,
): RowProblem[] {
  const values = withNameParts(row);
  const value = (key: string) => (values[key] ?? '').trim();
  const problems: RowProblem[] = [];
  if (!value(FIELD_KEYS.first) && !value(FIELD_KEYS.last))
    problems.push({ kind: 'missing_name', field: FIELD_KEYS.first, message: 'The recipient name is missing' });
  const email = value(FIELD_KEYS.email);
  if (!email) problems.push({ kind: 'missing_email', field: FIELD_KEYS.email, message: 'Missing email address' });
  else if (!isValidEmail(email))
    problems.push({ kind: 'invalid_email', field: FIELD_KEYS.email, message: `${MESSAGES.invalidEmail}: ${email}` });
  if (format && fields.some((f) => f.kind === 'expiration_date')) {
    const expiresOn = parseDateInFormat(value(FIELD_KEYS.expiration), format);
    if (!expiresOn) problems.push({ kind: 'invalid_date', field: FIELD_KEYS.expiration, message: expirationDateMessage(format) });
    else if (expiresBeforeIssue(expiresOn, today))
      problems.push({ kind: 'past_date', field: FIELD_KEYS.expiration, message: EXPIRY_MESSAGES.past });
  }
  return problems;
}

/** A row's values compared as a person would: trimmed, the address in any letter case, the combined name through its parts. */
function sameness(row: RecipientRowValues, keys: readonly string[]): string {
  const values = withNameParts(row);
  return JSON.stringify(
    keys.map((key) => {
      const value = (values[key] ?? '').trim().replace(/\s+/g, ' ');
      return key === FIELD_KEYS.email ? value.toLowerCase() : value;
    }),
  );
}

/**
 * For each row, the index of an earlier row it repeats exactly (same address, same name, same value
 * in every field), else null. The same person may well get two certificates from one list (another
 * course in a data column); the same certificate twice is a slip of the copy and paste.
 */
export function repeatedRows(rows: readonly RecipientRowValues[], fields: readonly RecipientField[]): (number | null)[] {
  const keys = fields.filter((f) => f.kind !== 'full_name').map((f) => f.key);
  const first = new Map<string, number>();
  return rows.map((row, index) => {
    const key = sameness(row, keys);
    const earlier = first.get(key);
    if (earlier !== undefined) return earlier;
    first.set(key, index);
    return null;
  });
}

export const duplicateProblem = (earlier: number): RowProblem => ({
  kind: 'duplicate',
  field: null,
  message: `Same as ${rowLabel(earlier)}`,
});

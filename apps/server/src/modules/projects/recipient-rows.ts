import { type CertificateDesign, FIELD_KEYS, parseDateInFormat, type RecipientField } from '@laurel/certificate';
import { isValidEmail, MESSAGES, type RowProblem, rowLabel, rowProblems, withNameParts } from '@laurel/domain';
import { badRequest } from '../../http/errors.ts';

/** One recipient as the send wizard maps it: values by field key (FIRST_NAME, Email Address, COURSE …). */
export type MappedRow = Record<string, string | undefined>;

export interface CleanRecipient {
  first_name: string;
  last_name: string;
  email: string;
  meta: Record<string, string>;
}

/** How many refused rows a reply names one by one; a list with more says how many others there are. */
const NAMED_ROWS = 20;

/**
 * Checks and normalises mapped rows (docs/product/send-wizard.md#rules-and-limits) with the checks the wizard shows: names present, a
 * valid email address and, when the design shows one, an expiration date strictly in its format and
 * not already past on `today` (YYYY-MM-DD, UTC). The server never trusts the wizard to have left bad
 * rows out: when any row is refused nothing is saved, the message names the first bad row and `errors`
 * names each one.
 */
export function cleanRecipients(rows: MappedRow[], fields: RecipientField[], design: CertificateDesign, today: string): CleanRecipient[] {
  const dataKeys = fields.filter((f) => f.kind === 'data').map((f) => f.key);
  const needsExpiration = fields.some((f) => f.kind === 'expiration_date');
  const format = design.expiration_date_format ?? 'MM/DD/YYYY';
  const refused = rows.flatMap((row, index) =>
    rowProblems(row, fields, needsExpiration ? format : null, today).map((problem) => ({ problem, index })),
  );
  if (refused.length) throw refusal(refused);
  return rows.map((mapped) => {
    const row = withNameParts(mapped);
    const value = (key: string) => (row[key] ?? '').trim();
    const meta: Record<string, string> = {};
    for (const key of dataKeys) meta[key] = value(key).slice(0, 500);
    if (needsExpiration) meta[FIELD_KEYS.expiration] = parseDateInFormat(value(FIELD_KEYS.expiration), format)!;
    return {
      first_name: value(FIELD_KEYS.first).slice(0, 200),
      last_name: value(FIELD_KEYS.last).slice(0, 200),
      email: value(FIELD_KEYS.email).toLowerCase(),
      meta,
    };
  });
}

/** A refused row as the import errors of docs/product/builder.md#messages name it: "Invalid email format: x (row 5)". */
const named = ({ problem, index }: { problem: RowProblem; index: number }) =>
  `${problem.message} (${rowLabel(index)})${problem.kind === 'missing_name' || problem.kind === 'missing_email' ? '.' : ''}`;

function refusal(refused: { problem: RowProblem; index: number }[]) {
  const errors = refused.slice(0, NAMED_ROWS).map(named);
  if (refused.length > NAMED_ROWS) errors.push(`${refused.length - NAMED_ROWS} more problems in other rows.`);
  return badRequest(errors[0]!, { error_type: refused[0]!.problem.kind, errors });
}

const rowsLabel = (indexes: number[]) =>
  indexes.length === 1 ? rowLabel(indexes[0]!) : `${rowLabel(indexes[0]!)} and ${indexes.length - 1} more`;

/**
 * The import errors of docs/product/send-wizard.md#messages about addresses, over the whole list so that a file with both kinds
 * of problem says so at once: `missing_email`, `invalid_email` (the first bad address named) or `both`.
 */
export function checkImportedEmails(rows: MappedRow[]): void {
  const missing: number[] = [];
  const invalid: number[] = [];
  rows.forEach((row, index) => {
    const email = (row[FIELD_KEYS.email] ?? '').trim();
    if (!email) missing.push(index);
    else if (!isValidEmail(email)) invalid.push(index);
  });
  const missingMessage = missing.length ? `Missing email address (${rowsLabel(missing)}).` : null;
  const firstInvalid = (rows[invalid[0] ?? -1]?.[FIELD_KEYS.email] ?? '').trim();
  const invalidMessage = invalid.length ? `${MESSAGES.invalidEmail}: ${firstInvalid} (${rowsLabel(invalid)})` : null;
  if (missingMessage && invalidMessage)
    throw badRequest(`${missingMessage} ${invalidMessage}`, { error_type: 'both', errors: [missingMessage, invalidMessage] });
  if (missingMessage) throw badRequest(missingMessage, { error_type: 'missing_email' });
  if (invalidMessage) throw badRequest(invalidMessage, { error_type: 'invalid_email' });
}

import {
  type CertificateDesign,
  expirationDateMessage,
  FIELD_KEYS,
  parseDateInFormat,
  type RecipientField,
  splitFullName,
} from '@laurel/certificate';
import { isValidEmail, MESSAGES } from '@laurel/domain';
import { badRequest } from '../../http/errors.ts';

/** One recipient as the send wizard maps it: values by field key (FIRST_NAME, Email Address, COURSE …). */
export type MappedRow = Record<string, string | undefined>;

export interface CleanRecipient {
  first_name: string;
  last_name: string;
  email: string;
  meta: Record<string, string>;
}

const rowLabel = (index: number) => `row ${index + 1}`;

/**
 * Checks and normalises mapped rows (spec 3 §5): names present, a valid email address and, when the
 * design shows one, an expiration date strictly in its format. The first bad row is named; nothing
 * is saved when any row is refused.
 */
export function cleanRecipients(rows: MappedRow[], fields: RecipientField[], design: CertificateDesign): CleanRecipient[] {
  const dataKeys = fields.filter((f) => f.kind === 'data').map((f) => f.key);
  const needsExpiration = fields.some((f) => f.kind === 'expiration_date');
  const format = design.expiration_date_format ?? 'MM/DD/YYYY';
  return rows.map((row, index) => {
    const value = (key: string) => (row[key] ?? '').trim();
    const combined = splitFullName(value(FIELD_KEYS.full));
    const first = value(FIELD_KEYS.first) || combined.first;
    const last = value(FIELD_KEYS.last) || combined.last;
    const email = value(FIELD_KEYS.email);
    if (!first && !last) throw badRequest(`The recipient name is missing (${rowLabel(index)}).`, { error_type: 'missing_name' });
    if (!email) throw badRequest(`Missing email address (${rowLabel(index)}).`, { error_type: 'missing_email' });
    if (!isValidEmail(email)) throw badRequest(`${MESSAGES.invalidEmail}: ${email} (${rowLabel(index)})`, { error_type: 'invalid_email' });
    const meta: Record<string, string> = {};
    for (const key of dataKeys) meta[key] = value(key).slice(0, 500);
    if (needsExpiration) {
      const iso = parseDateInFormat(value(FIELD_KEYS.expiration), format);
      if (!iso) throw badRequest(`${expirationDateMessage(format)} (${rowLabel(index)})`, { error_type: 'invalid_date' });
      meta[FIELD_KEYS.expiration] = iso;
    }
    return { first_name: first.slice(0, 200), last_name: last.slice(0, 200), email: email.toLowerCase(), meta };
  });
}

const rowsLabel = (indexes: number[]) =>
  indexes.length === 1 ? rowLabel(indexes[0]!) : `${rowLabel(indexes[0]!)} and ${indexes.length - 1} more`;

/**
 * The import errors of spec 3 §8 about addresses, over the whole list so that a file with both kinds
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

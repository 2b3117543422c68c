import {
  expirationDateMessage, FIELD_KEYS, parseDateInFormat, splitFullName, type CertificateDesign, type RecipientField,
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

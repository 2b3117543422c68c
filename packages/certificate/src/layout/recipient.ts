import { DEFAULT_EXPIRATION_DATE_FORMAT, type ExpirationDateFormat } from '../model/design.ts';
import { mergeKey } from '../model/merge-fields.ts';

/** The data one certificate is personalised with. */
export interface Recipient {
  firstName: string;
  lastName: string;
  /** Custom merge fields by name as imported ("COURSE" or "Course"), matched case-insensitively. */
  fields?: Record<string, string>;
  certificateNumber?: string;
  /** ISO date (YYYY-MM-DD) or a Date. */
  expirationDate?: string | Date;
  /** Public verification URL the QR code points at. */
  verificationUrl?: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function dateParts(date: string | Date): { y: number; m: number; d: number } | undefined {
  if (date instanceof Date) return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : undefined;
}

/** Formats a date in one of the expiration formats of docs/product/builder.md#rules-and-limits. */
export function formatExpirationDate(date: string | Date, format: ExpirationDateFormat = DEFAULT_EXPIRATION_DATE_FORMAT): string {
  const p = dateParts(date);
  if (!p) return String(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  const tokens: Record<string, string> = {
    MMMM: MONTHS[p.m - 1]!,
    YYYY: String(p.y),
    YY: pad(p.y % 100),
    MM: pad(p.m),
    DD: pad(p.d),
    M: String(p.m),
    D: String(p.d),
  };
  return format.replace(/MMMM|YYYY|YY|MM|DD|M|D/g, (t) => tokens[t]!);
}

/** Resolves a merge field name against a recipient; undefined when the recipient has no such field. */
export function recipientField(recipient: Recipient, name: string, dateFormat: ExpirationDateFormat | null): string | undefined {
  const key = mergeKey(name).replace(/_/g, ' ');
  const fullName = `${recipient.firstName} ${recipient.lastName}`.trim();
  switch (key) {
    case 'first name':
      return recipient.firstName;
    case 'last name':
      return recipient.lastName;
    case 'participant name':
    case 'full name':
    case 'name':
      return fullName;
    case 'certificate number':
      return recipient.certificateNumber ?? '';
    case 'expiration date':
      return recipient.expirationDate ? formatExpirationDate(recipient.expirationDate, dateFormat ?? undefined) : '';
  }
  for (const [field, value] of Object.entries(recipient.fields ?? {})) {
    if (mergeKey(field).replace(/_/g, ' ') === key) return value;
  }
  return undefined;
}

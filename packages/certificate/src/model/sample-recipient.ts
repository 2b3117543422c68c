import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign } from './design.ts';
import { recipientFields } from './recipient-fields.ts';

/** Values that read naturally for merge fields issuers often use, by their normalised name. */
const LIKELY: Record<string, string> = {
  course: 'Advanced Navigation',
  'course name': 'Advanced Navigation',
  program: 'Leadership Programme',
  programme: 'Leadership Programme',
  event: 'Annual Conference 2026',
  date: 'June 12, 2026',
  'completion date': 'June 12, 2026',
  'issue date': 'June 12, 2026',
  hours: '12',
  credits: '3',
  score: '94%',
  grade: 'A',
  instructor: 'Jordan Lee',
  trainer: 'Jordan Lee',
  location: 'Lisbon',
  city: 'Lisbon',
  title: 'Senior Analyst',
  role: 'Senior Analyst',
  company: 'Northwind Ltd',
  organization: 'Northwind Ltd',
  organisation: 'Northwind Ltd',
  'account name': 'Your organisation',
  'account email': 'you@example.com',
  'recipient email': 'alex.morgan@example.com',
};

const normal = (name: string) =>
  name
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
const titleCase = (name: string) => normal(name).replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/**
 * A made-up recipient for previews, so that the issuer sees the certificate as it will read rather
 * than "[FIRST NAME] [LAST NAME]": Alex Morgan, a certificate number, a date a year ahead, and a
 * plausible value for each of the design's own fields (its name, written normally, when nothing better
 * is known).
 */
export function sampleRecipient(design: CertificateDesign, today = new Date()): Recipient {
  const fields: Record<string, string> = {
    ACCOUNT_NAME: LIKELY['account name']!,
    ACCOUNT_EMAIL: LIKELY['account email']!,
    RECIPIENT_EMAIL: LIKELY['recipient email']!,
  };
  for (const field of recipientFields(design)) {
    if (field.kind === 'data') fields[field.key] = LIKELY[normal(field.key)] ?? titleCase(field.key);
  }
  const nextYear = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
  return {
    firstName: 'Alex',
    lastName: 'Morgan',
    fields,
    certificateNumber: '1042-0001',
    expirationDate: nextYear.toISOString().slice(0, 10),
  };
}

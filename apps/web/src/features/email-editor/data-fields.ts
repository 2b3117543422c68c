import { mergeFieldNames } from '@laurel/certificate';
import { MERGE_FIELDS } from '@laurel/domain';
import type { EmailRecord } from './api.ts';

/** The product's own merge fields, in the order the insertion menu lists them. */
export const STANDARD_FIELDS: readonly { field: string; label: string }[] = [
  { field: MERGE_FIELDS.firstName, label: 'First name' },
  { field: MERGE_FIELDS.lastName, label: 'Last name' },
  { field: MERGE_FIELDS.recipientEmail, label: 'Recipient email' },
  { field: MERGE_FIELDS.accountName, label: 'Account name' },
  { field: MERGE_FIELDS.accountEmail, label: 'Account email' },
  { field: MERGE_FIELDS.certificateTitle, label: 'Certificate title' },
  { field: MERGE_FIELDS.downloadLink, label: 'Download certificate button' },
];

/** Field names are compared as the server merges them: case-blind, a space and an underscore alike. */
const key = (name: string) =>
  name
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');

const STANDARD_KEYS = new Set([...STANDARD_FIELDS.map((f) => key(f.field.slice(1, -1))), 'PARTICIPANT NAME']);

/**
 * The certificate's own data fields: every [BRACKETED] name in the text of its elements, front and
 * back, that is not one of the product's fields. Each is filled from the recipient's imported data.
 */
export function certificateDataFields(record: Pick<EmailRecord, 'elements' | 'back_side_elements'>): string[] {
  const found = new Map<string, string>();
  for (const element of [...(record.elements ?? []), ...(record.back_side_elements ?? [])]) {
    if (element.type === 'image' || element.type === 'background' || element.type === 'logo') continue;
    for (const name of mergeFieldNames(element.content.replace(/<[^>]*>/g, ' '))) {
      const k = key(name);
      if (k && !STANDARD_KEYS.has(k) && !found.has(k)) found.set(k, name);
    }
  }
  return [...found.values()].map((name) => `[${name}]`);
}

import { MERGE_FIELDS } from '@laurel/domain';

/**
 * Merge fields are bracketed names such as [FIRST NAME] or [EXPIRATION_DATE]. Names are matched without
 * regard to case, and a space and an underscore count as the same, because the editor, the spec and
 * imported column headers spell the same field both ways.
 */
export function fieldKey(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');
}

const FIELD = /\[([^[\]\r\n]{1,100})\]/g;
export const DOWNLOAD_LINK_KEY = fieldKey(MERGE_FIELDS.downloadLink.slice(1, -1));

export interface MergeSource {
  recipient: {
    first_name: string;
    last_name: string;
    email: string;
    fields: Record<string, string>;
    certificate?: { title: string };
  };
  account: { name: string; email: string };
}

/**
 * The value of every merge field for one recipient. The product's own fields come last so that an
 * imported column cannot impersonate the account name or address.
 */
export function mergeValues({ recipient, account }: MergeSource): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(recipient.fields)) values.set(fieldKey(name), String(value ?? ''));
  const fullName = `${recipient.first_name} ${recipient.last_name}`.trim();
  const own: [string, string][] = [
    ['FIRST NAME', recipient.first_name],
    ['LAST NAME', recipient.last_name],
    ['PARTICIPANT NAME', fullName],
    ['RECIPIENT EMAIL', recipient.email],
    ['EMAIL ADDRESS', recipient.email],
    ['ACCOUNT NAME', account.name],
    ['ACCOUNT EMAIL', account.email],
    ...(recipient.certificate ? ([['CERTIFICATE TITLE', recipient.certificate.title]] as [string, string][]) : []),
  ];
  for (const [key, value] of own) values.set(key, value);
  return values;
}

/**
 * Replaces every known field in `text` with what `render` returns for it; unknown bracketed text is
 * left as written. `decodeName` undoes escaping when the text is HTML.
 */
export function replaceFields(
  text: string,
  render: (key: string) => string | null,
  decodeName: (name: string) => string = (n) => n,
): string {
  return text.replace(FIELD, (whole, name: string) => render(fieldKey(decodeName(name))) ?? whole);
}

/** Merges into text that is not HTML (subject, plain-text part, header values). */
export function mergePlain(text: string, values: Map<string, string>, downloadUrl: string): string {
  return replaceFields(text, (key) => (key === DOWNLOAD_LINK_KEY ? downloadUrl : (values.get(key) ?? null)));
}

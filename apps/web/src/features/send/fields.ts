import { FIELD_KEYS, type RecipientField } from '@laurel/certificate';
import { isValidEmail } from '@laurel/domain';

/** How a certificate field is named on screen. */
export function fieldLabel(field: Pick<RecipientField, 'key' | 'kind'>): string {
  switch (field.kind) {
    case 'first_name':
      return 'First name';
    case 'last_name':
      return 'Last name';
    case 'full_name':
      return 'Full name';
    case 'email':
      return 'Email address';
    case 'expiration_date':
      return 'Expiration date';
    default: {
      const words = field.key.toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** The fields a person types a value for: the combined name is only a shortcut for imports. */
export const entryFields = (fields: RecipientField[]) => fields.filter((f) => f.kind !== 'full_name');

/** Lowercase letters and digits only, accents dropped: "E-mail Address" and "Prénom" compare as "emailaddress" and "prenom". */
function normalize(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Headers spreadsheets commonly use for each kind of field, normalised, in several languages. */
const SYNONYMS: Record<Exclude<RecipientField['kind'], 'data'>, string[]> = {
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fname', 'prenom', 'vorname', 'nombre'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname', 'nom', 'nachname', 'apellido', 'apellidos'],
  full_name: [
    'name',
    'fullname',
    'participantname',
    'participant',
    'recipientname',
    'recipient',
    'studentname',
    'student',
    'attendee',
    'attendeename',
    'nomcomplet',
  ],
  email: ['email', 'emailaddress', 'mail', 'emailid', 'courriel', 'correo', 'correoelectronico', 'emailadresse'],
  expiration_date: ['expirationdate', 'expiration', 'expires', 'expireson', 'expiry', 'expirydate', 'validuntil', 'validthrough', 'expire'],
};

function matchesByName(field: RecipientField, header: string): boolean {
  const name = normalize(header);
  if (!name) return false;
  if (field.kind === 'data') return name === normalize(field.key);
  return SYNONYMS[field.kind].includes(name);
}

const mostlyEmails = (values: string[]) => {
  const filled = values.filter((v) => v.trim());
  return filled.length > 0 && filled.filter((v) => isValidEmail(v.trim())).length / filled.length >= 0.8;
};

/**
 * A first guess of which field each column fills: by header name (with common synonyms), then by
 * content for the email column of a table without a header row. Each field goes to one column; the
 * combined name is left out when first and last name were both found.
 */
export function autoMap(headers: string[], rows: string[][], fields: RecipientField[]): (string | null)[] {
  const mapping: (string | null)[] = headers.map(() => null);
  const taken = new Set<string>();
  headers.forEach((header, column) => {
    const field = fields.find((f) => !taken.has(f.key) && matchesByName(f, header));
    if (!field) return;
    mapping[column] = field.key;
    taken.add(field.key);
  });
  const email = fields.find((f) => f.kind === 'email');
  if (email && !taken.has(email.key)) {
    const column = headers.findIndex((_, i) => mapping[i] === null && mostlyEmails(rows.slice(0, 50).map((r) => r[i] ?? '')));
    if (column >= 0) {
      mapping[column] = email.key;
      taken.add(email.key);
    }
  }
  if (taken.has(FIELD_KEYS.first) && taken.has(FIELD_KEYS.last)) {
    const full = mapping.indexOf(FIELD_KEYS.full);
    if (full >= 0) mapping[full] = null;
  }
  return mapping;
}

/** A small CSV with this certificate's columns, which the import maps without help. */
export function sampleCsv(fields: RecipientField[], format: string | null): string {
  const columns = entryFields(fields);
  const sample: Record<RecipientField['kind'], string> = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    expiration_date: format ?? '',
    data: '',
  };
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const header = columns.map((f) => quote(fieldLabel(f))).join(',');
  const row = columns.map((f) => quote(f.kind === 'data' ? `Your ${fieldLabel(f).toLowerCase()}` : sample[f.kind])).join(',');
  return `${header}\r\n${row}\r\n`;
}

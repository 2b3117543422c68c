import { type CertificateDesign, FIELD_KEYS, recipientFields } from '@laurel/certificate';
import { rowProblems, utcDay, V1_MESSAGES, type V1FieldError, type V1RecipientInput } from '@laurel/domain';
import { invalidRequest } from './errors.ts';
import { mappedRow } from './service.ts';

/** The /v1 name of a field the app's row checks name by its key. */
const V1_NAMES: Record<string, string> = {
  [FIELD_KEYS.first]: 'first_name',
  [FIELD_KEYS.last]: 'last_name',
  [FIELD_KEYS.full]: 'first_name',
  [FIELD_KEYS.email]: 'email',
};
const v1Name = (key: string) => V1_NAMES[key] ?? `fields.${key}`;

/**
 * Every refused value of a /v1 recipient list, against the certificate set's design: `fields` keys the set
 * does not print (they would be dropped), a field no recipient gives (the wizard's "map all data fields"),
 * and each row's own problems as the wizard checks them (names, address, the expiration date and its day).
 * All of them, each with its row and field, so that one answer lets the caller correct the whole list.
 */
export function recipientRowErrors(design: CertificateDesign, recipients: readonly V1RecipientInput[], now: Date): V1FieldError[] {
  const fields = recipientFields(design);
  const setKeys = fields.filter((f) => f.kind === 'data' || f.kind === 'expiration_date').map((f) => f.key);
  const known = new Set(setKeys);
  const format = fields.some((f) => f.kind === 'expiration_date') ? (design.expiration_date_format ?? 'MM/DD/YYYY') : null;
  const today = utcDay(now);
  const given = (key: string) => recipients.some((r) => (r.fields?.[key] ?? '').trim() !== '');
  const unmapped = fields.filter((f) => f.kind === 'data' && !given(f.key)).map((f) => f.key);
  return recipients.flatMap((recipient, row) => {
    const at = (field: string, message: string): V1FieldError => ({ field: `recipients.${row}.${field}`, row, message });
    return [
      ...Object.keys(recipient.fields ?? {})
        .filter((key) => !known.has(key))
        .map((key) => at(`fields.${key}`, V1_MESSAGES.unknownSetField(key, setKeys))),
      ...unmapped.map((key) => at(`fields.${key}`, V1_MESSAGES.missingSetField(key))),
      ...rowProblems(mappedRow(recipient), fields, format, today).map((problem) => at(v1Name(problem.field ?? ''), problem.message)),
    ];
  });
}

/** Refuses a list with any refused value, naming every one (400 `invalid_request_error`, nothing saved). */
export function assertRecipientRows(design: CertificateDesign, recipients: readonly V1RecipientInput[], now: Date): void {
  const errors = recipientRowErrors(design, recipients, now);
  if (errors.length) throw invalidRequest(errors);
}

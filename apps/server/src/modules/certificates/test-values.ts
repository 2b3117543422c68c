import { type CertificateDesign, formatExpirationDate, type Recipient, sampleRecipient } from '@laurel/certificate';
import { SAMPLE_CERTIFICATE_NUMBER } from '@laurel/domain';

/** A merge field's name as merging compares it: without brackets, case-blind, a space and an underscore alike. */
const fieldKey = (name: string) =>
  name
    .replace(/^\s*\[|\]\s*$/g, '')
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');

/**
 * The made-up recipient of a preview or a test (docs/decisions/0070-email-preview-and-test-email.md): the design's
 * sample, the one the builder's preview shows, with the values given on top. The certificate number is
 * SAMPLE_CERTIFICATE_NUMBER unless one is given, so a test never carries a number the account could have issued.
 * Given names are matched as merging matches them, so `[COURSE]`, `Course` and `COURSE` replace the same sample.
 */
export function testRecipient(design: CertificateDesign, given: Record<string, string>, today: Date): Recipient {
  const sample = sampleRecipient(design, today);
  const fields = new Map<string, [name: string, value: string]>();
  for (const [name, value] of Object.entries(sample.fields ?? {})) fields.set(fieldKey(name), [name, value]);
  const recipient: Recipient = { ...sample, certificateNumber: SAMPLE_CERTIFICATE_NUMBER };
  for (const [name, value] of Object.entries(given)) {
    const key = fieldKey(name);
    if (key === 'FIRST NAME') recipient.firstName = value;
    else if (key === 'LAST NAME') recipient.lastName = value;
    else if (key === 'CERTIFICATE NUMBER') recipient.certificateNumber = value;
    else if (key === 'EXPIRATION DATE') recipient.expirationDate = value;
    else fields.set(key, [name.replace(/^\s*\[|\]\s*$/g, '').trim(), value]);
  }
  recipient.fields = Object.fromEntries(fields.values());
  return recipient;
}

/**
 * The values an email merges for a test recipient: the design's fields, and the certificate number and expiration
 * date written as the certificate writes them, so the message and the PDF say the same.
 */
export function testEmailFields(recipient: Recipient, design: CertificateDesign): Record<string, string> {
  const expiration = recipient.expirationDate
    ? formatExpirationDate(recipient.expirationDate, design.expiration_date_format ?? undefined)
    : undefined;
  return {
    ...recipient.fields,
    CERTIFICATE_NUMBER: recipient.certificateNumber ?? SAMPLE_CERTIFICATE_NUMBER,
    ...(expiration ? { EXPIRATION_DATE: expiration } : {}),
  };
}

/**
 * The query that draws a test recipient's certificate at `/api/certificates/{id}/pdf` (`previewRecipient` reads it),
 * so the test's download link shows the values its email and attachment carry. Built with URLSearchParams, as the
 * signature check rebuilds it.
 */
export function testRecipientQuery(recipient: Recipient): string {
  const query = new URLSearchParams({ type: 'stream' });
  query.set('FIRST_NAME', recipient.firstName);
  query.set('LAST_NAME', recipient.lastName);
  if (recipient.certificateNumber) query.set('CERTIFICATE_NUMBER', recipient.certificateNumber);
  if (typeof recipient.expirationDate === 'string') query.set('EXPIRATION_DATE', recipient.expirationDate);
  for (const [name, value] of Object.entries(recipient.fields ?? {})) if (!query.has(name)) query.set(name, value);
  return query.toString();
}

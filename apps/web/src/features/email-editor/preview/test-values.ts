import { type CertificateDesign, elementText, mergeFieldNames, recipientFields, sampleRecipient } from '@laurel/certificate';
import type { EmailDesign } from '@laurel/domain';

/** One value a test email asks for: the merge field it fills and the design's sample it starts from. */
export interface TestValue {
  /** The field as the request names it (`FIRST NAME`, `COURSE`). */
  name: string;
  sample: string;
}

/** Names compared as merging compares them: case-blind, a space and an underscore alike. */
const key = (name: string) =>
  name
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, ' ');

const NAME_FIELDS = {
  first: ['FIRST NAME', 'PARTICIPANT NAME', 'FULL NAME', 'NAME'],
  last: ['LAST NAME', 'PARTICIPANT NAME', 'FULL NAME', 'NAME'],
};

/**
 * What a test of this set's email asks for (docs/product/email-editor.md#rules-and-limits): the recipient's first and
 * last name where the certificate or the email shows them, and the certificate's own data fields, each prefilled
 * with the sample the builder's preview shows. Never the certificate number or the expiration date: a test carries
 * SAMPLE_CERTIFICATE_NUMBER and the sample's date, and whatever is not asked takes the sample on the server too.
 */
export function testValues(
  design: CertificateDesign,
  email: Pick<EmailDesign, 'email_subject' | 'email_body' | 'email_body_text' | 'plain_text_only'>,
): TestValue[] {
  const sample = sampleRecipient(design);
  const texts = [
    ...[...design.elements, ...design.back_side_elements].map(elementText),
    email.email_subject,
    email.plain_text_only ? email.email_body_text : email.email_body.replace(/<[^>]*>/g, ' '),
  ];
  const used = new Set(texts.flatMap((text) => mergeFieldNames(text).map(key)));
  const values: TestValue[] = [];
  if (NAME_FIELDS.first.some((name) => used.has(name))) values.push({ name: 'FIRST NAME', sample: sample.firstName });
  if (NAME_FIELDS.last.some((name) => used.has(name))) values.push({ name: 'LAST NAME', sample: sample.lastName });
  for (const field of recipientFields(design)) {
    if (field.kind === 'data') values.push({ name: field.key, sample: sample.fields?.[field.key] ?? '' });
  }
  return values;
}

/** Whether the certificate shows its number, which a test fills with the sample's. */
export const showsCertificateNumber = (design: CertificateDesign) =>
  [...design.elements, ...design.back_side_elements].some(
    (element) =>
      element.type === 'certificate_number' || mergeFieldNames(elementText(element)).some((name) => key(name) === 'CERTIFICATE NUMBER'),
  );

import { type CertificateDesign, prepareForSave, validateDesign } from '@laurel/certificate';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';

const PREFIX = 'Error Saving Certificate: ';

/** The design fields a save sends, converted as the spec asks (dynamicText, expiration format). */
export function designPayload(design: CertificateDesign) {
  const prepared = prepareForSave(design);
  return {
    schemaVersion: prepared.schemaVersion,
    format: prepared.format,
    is_portrait: prepared.is_portrait,
    use_two_side: prepared.use_two_side,
    rotate_bg: prepared.rotate_bg,
    expiration_date_format: prepared.expiration_date_format,
    elements: prepared.elements,
    back_side_elements: prepared.back_side_elements,
  };
}

/** The first rule the design breaks, checked before anything is sent; null when it may be saved. */
export function firstDesignIssue(design: CertificateDesign): string | null {
  return validateDesign(prepareForSave(design))[0]?.message ?? null;
}

/** 'Error Saving Certificate: ' and the server's first error (docs/product/builder.md#messages), without doubling the prefix. */
export function saveErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  return message.startsWith(PREFIX) ? message : `${PREFIX}${message}`;
}

export const isReplyToError = (error: unknown) => error instanceof ApiError && error.body.field === 'reply_to';

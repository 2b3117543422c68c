/**
 * Open Badges 3.0 credentials inside the files people keep: baked into the certificate PNG (OB 3.0 §5.3.1)
 * and embedded in the certificate PDF, and read back out of both. Pure functions over bytes, for the
 * render workers and the server alike; signing the credential is not done here.
 */

import type { PdfAttachment } from '../render/pdf/attachments.ts';
import type { PdfAttachmentInfo } from './pdf-attachment.ts';

export { OpenBadgeFileError } from './file-error.ts';
export { type PdfAttachmentFile, type PdfAttachmentInfo, readPdfAttachment } from './pdf-attachment.ts';
export { bakePng, isPng, PNG_CREDENTIAL_KEYWORD, readBakedPng } from './png-baking.ts';

/** The file name a certificate PDF carries its credential under (docs/decisions/0051-open-badges-files.md). */
export const CREDENTIAL_FILE_NAME = 'credential.json';
/** JSON-LD, the credential's media type in the Verifiable Credentials data model. */
export const CREDENTIAL_MIME = 'application/ld+json';

/** The attachment for `renderPdf`'s `attachments` that carries a signed credential (its JSON as signed). */
export function credentialAttachment(credential: string): PdfAttachment {
  return {
    name: CREDENTIAL_FILE_NAME,
    content: credential,
    mime: CREDENTIAL_MIME,
    description: 'Open Badges 3.0 verifiable credential for this certificate',
    relationship: 'Data',
  };
}

/** Picks the credential among a PDF's embedded files: by our file name, or any JSON-LD file another issuer named otherwise. */
export const isCredentialAttachment = (file: PdfAttachmentInfo): boolean =>
  file.name === CREDENTIAL_FILE_NAME || file.mime === CREDENTIAL_MIME;

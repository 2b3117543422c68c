/** The certificates module's public face: what other modules and the server's shared code may use. */
export { prepareEmail, previewEmail, sendTestEmail } from './email.ts';
export { designImage, designPdf, designPng, preparedPdfRenderer } from './rendering.ts';
export { splitPayload } from './request.ts';
export { findCertificateSet, type Member } from './service.ts';
export { SAMPLE_RECIPIENT } from './set-email.ts';
export { setAttachmentFiles } from './uploads.ts';

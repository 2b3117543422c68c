export { CertificateEmailError } from './addresses.ts';
export { type CertificateEmail, type CertificateEmailInput, composeCertificateEmail } from './compose.ts';
export { CERTIFICATE_IMAGE_WIDTH } from './layout.ts';
export { linkedInAddToProfileUrl } from './links.ts';
export { sanitizeEmailHtml } from './sanitize.ts';

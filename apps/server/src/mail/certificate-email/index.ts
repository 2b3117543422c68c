export { CertificateEmailError } from './addresses.ts';
export { type CertificateEmail, type CertificateEmailInput, composeCertificateEmail } from './compose.ts';
export { linkedInAddToProfileUrl } from './links.ts';
export { sanitizeEmailHtml } from './sanitize.ts';

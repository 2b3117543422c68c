export { composeCertificateEmail, type CertificateEmail, type CertificateEmailInput } from './compose.ts';
export { CertificateEmailError } from './addresses.ts';
export { linkedInAddToProfileUrl } from './links.ts';
export { sanitizeEmailHtml } from './sanitize.ts';

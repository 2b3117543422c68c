import { X509Certificate } from 'node:crypto';
import { SSO_MESSAGES as M } from '@laurel/domain';
import { badRequest } from '../../http/errors.ts';

/**
 * The identity provider's signing certificate as admins paste it: PEM with its BEGIN/END lines, or the
 * bare base64 body many IdPs show. Answers the parsed certificate, or a 400 naming what is wrong.
 */
export function parseIdpCertificate(text: string, now: Date): X509Certificate {
  const trimmed = text.trim();
  const pem = trimmed.includes('-----BEGIN CERTIFICATE-----')
    ? trimmed
    : `-----BEGIN CERTIFICATE-----\n${trimmed.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw badRequest(M.certInvalid, { field: 'x509_cert' });
  }
  if (new Date(certificate.validTo).getTime() <= now.getTime()) throw badRequest(M.certExpired, { field: 'x509_cert' });
  return certificate;
}

/** When a stored certificate stops being valid, or null if it no longer parses. */
export function certificateExpiry(text: string): string | null {
  try {
    return new Date(parseIdpCertificate(text, new Date(0)).validTo).toISOString();
  } catch {
    return null;
  }
}

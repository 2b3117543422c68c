import { webcrypto } from 'node:crypto';
import 'reflect-metadata';
import {
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  PemConverter,
  SubjectAlternativeNameExtension,
  type X509Certificate,
  X509CertificateGenerator,
} from '@peculiar/x509';

/**
 * Certificates made on the spot for TLS tests: a root CA, intermediates and site certificates with the
 * names and dates a test wants, each with its PEM and its PKCS#8 key. ECDSA P-256 keeps them quick.
 */

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY = 86_400_000;

export interface Issued {
  certificate: X509Certificate;
  keys: webcrypto.CryptoKeyPair;
  /** The certificate alone, PEM. */
  pem: string;
  /** Its private key, PKCS#8 PEM. */
  keyPem: string;
}

let serial = 1;

async function make(options: {
  subject: string;
  issuer?: Issued;
  names?: string[];
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
}): Promise<Issued> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const extensions = [
    new BasicConstraintsExtension(options.ca ?? false, undefined, true),
    new KeyUsagesExtension(options.ca ? KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign : KeyUsageFlags.digitalSignature, true),
    ...(options.names ? [new SubjectAlternativeNameExtension(options.names.map((value) => ({ type: 'dns' as const, value })))] : []),
  ];
  const certificate = await X509CertificateGenerator.create({
    serialNumber: (serial++).toString(16).padStart(2, '0'),
    subject: options.subject,
    issuer: options.issuer?.certificate.subject ?? options.subject,
    notBefore: options.notBefore ?? new Date(Date.now() - DAY),
    notAfter: options.notAfter ?? new Date(Date.now() + 90 * DAY),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: options.issuer?.keys.privateKey ?? keys.privateKey,
    extensions,
  });
  const keyPem = PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { certificate, keys, pem: certificate.toString('pem'), keyPem };
}

export const makeRootCa = (name = 'Laurel Test Root') => make({ subject: `CN=${name}`, ca: true });

export const makeIntermediate = (issuer: Issued, name = 'Laurel Test Intermediate') => make({ subject: `CN=${name}`, issuer, ca: true });

export const issueSite = (issuer: Issued, names: string[], dates: { notBefore?: Date; notAfter?: Date } = {}) =>
  make({ subject: `CN=${names[0] ?? 'site'}`, issuer, names, ...dates });

export { DAY };

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { CUSTOM_DOMAIN_MESSAGES as M, type TlsCertificateSummary } from '@laurel/domain';
import { badRequest } from '../../http/errors.ts';
import { SubjectAlternativeNameExtension, X509Certificate } from './x509.ts';

/**
 * The checks an uploaded certificate and key pass before they are kept: both PEM and
 * readable, the key the certificate's own, the chain in order (site certificate first, each signed by the
 * next), every certificate valid now, and the site certificate naming the host. Each refusal says which
 * check failed, so the customer knows what to fix; none of them repeats the key.
 */

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const refuse = (message: string, field: 'certificate' | 'certificate_key' = 'certificate') => badRequest(message, { field });

export interface CheckedUpload {
  /** The chain re-encoded as plain PEM blocks, in order. */
  chainPem: string;
  key: KeyObject;
  summary: TlsCertificateSummary;
  notAfter: Date;
}

function parseChain(pem: string): X509Certificate[] {
  const blocks = pem.match(CERT_BLOCK);
  if (!blocks) throw refuse(pem.trim() ? M.certUnreadable : M.certMissing);
  return blocks.map((block) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw refuse(M.certUnreadable);
    }
  });
}

function parseKey(pem: string): KeyObject {
  if (!pem.trim()) throw refuse(M.keyMissing, 'certificate_key');
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) throw refuse(M.keyUnreadable, 'certificate_key');
  try {
    // An encrypted key throws here (no passphrase is given): the listener could not use it either.
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw refuse(M.keyUnreadable, 'certificate_key');
  }
}

/** The DNS names of the subjectAltName extension: the names browsers check (the subject's CN is not). */
export function dnsNames(certificate: X509Certificate): string[] {
  const san = certificate.getExtension(SubjectAlternativeNameExtension);
  return san ? san.names.items.filter((n) => n.type === 'dns').map((n) => n.value.toLowerCase()) : [];
}

/** A name covers the host exactly, or as a wildcard for one label (`*.example.com` covers `a.example.com` only). */
export function namesHost(names: string[], host: string): boolean {
  return names.some((name) => {
    if (!name.startsWith('*.')) return name === host;
    const dot = host.indexOf('.');
    return dot > 0 && host.slice(dot + 1) === name.slice(2);
  });
}

export function summarize(certificate: X509Certificate): TlsCertificateSummary {
  return {
    subject: certificate.subject,
    issuer: certificate.issuer,
    names: dnsNames(certificate),
    not_before: certificate.notBefore.toISOString(),
    not_after: certificate.notAfter.toISOString(),
  };
}

/** What a stored chain's site certificate says, for the replies (stored chains passed the checks). */
export function summarizeStored(chainPem: string): TlsCertificateSummary | null {
  const first = chainPem.match(CERT_BLOCK)?.[0];
  if (!first) return null;
  try {
    return summarize(new X509Certificate(first));
  } catch {
    return null;
  }
}

const sameBytes = (a: ArrayBuffer | Buffer, b: ArrayBuffer | Buffer) => Buffer.from(a as ArrayBuffer).equals(Buffer.from(b as ArrayBuffer));

export async function checkUpload(certificatePem: string, keyPem: string, host: string, now: Date): Promise<CheckedUpload> {
  const chain = parseChain(certificatePem);
  const key = parseKey(keyPem);
  const leaf = chain[0]!;
  const publicKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (!sameBytes(publicKey, leaf.publicKey.rawData)) throw refuse(M.keyMismatch, 'certificate_key');
  for (let i = 0; i + 1 < chain.length; i++) {
    const [child, parent] = [chain[i]!, chain[i + 1]!];
    const signed =
      child.issuer === parent.subject && (await child.verify({ publicKey: parent.publicKey, signatureOnly: true }).catch(() => false));
    if (!signed) throw refuse(M.chainOrder);
  }
  for (const certificate of chain) {
    if (certificate.notBefore > now) throw refuse(M.notYetValid(certificate.notBefore.toISOString()));
    if (certificate.notAfter < now) throw refuse(M.expired(certificate.notAfter.toISOString().slice(0, 10)));
  }
  const names = dnsNames(leaf);
  if (!namesHost(names, host)) throw refuse(M.wrongHost(host, names));
  return {
    chainPem: `${chain.map((c) => c.toString('pem')).join('\n')}\n`,
    key,
    summary: summarize(leaf),
    notAfter: leaf.notAfter,
  };
}

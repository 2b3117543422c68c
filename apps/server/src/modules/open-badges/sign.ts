// The declarations of the untyped packages this module uses, for programs that reach it from outside apps/server (e2e).
/// <reference path="./libraries.d.ts" />
import { createPrivateKey, sign as ed25519Sign, type KeyObject } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { issue } from '@digitalbazaar/vc';
import { type Slot, templateCanonicaliser } from './canonical-template.ts';
import { contextLoader } from './document-loader.ts';
import type { SigningKey } from './issuer.ts';

/**
 * Signs with a Data Integrity proof, cryptosuite `eddsa-rdfc-2022` (RDF canonicalisation, SHA-256, Ed25519).
 * Signing needs only the credential's contexts, all served from memory: no database, no network.
 *
 * The suite is the library's, with one change: its canonicalisation reuses the RDF of documents of the same
 * shape (`canonical-template.ts`), which takes signing from tens of milliseconds to about one. The proof is
 * the same bytes either way; a verifier anywhere uses the stock suite.
 */

/**
 * Where Laurel's signed documents differ from one to the next of the same set or list: everything else
 * (issuer, achievement, descriptions, contexts) stays part of a document's shape. The last two are the
 * proof configuration's, which `DataIntegrityProof` canonicalises as a document of its own.
 */
export const SIGNED_SLOTS: readonly Slot[] = [
  ['id', 'iri'],
  ['validFrom', 'dateTime'],
  ['validUntil', 'dateTime'],
  ['credentialSubject.id', 'iri'],
  ['credentialSubject.name', 'text'],
  ['credentialSubject.identifier.*.identityHash', 'text'],
  ['credentialSubject.identifier.*.salt', 'text'],
  ['credentialSubject.achievement.image.id', 'iri'],
  ['credentialSubject.encodedList', 'text'],
  ['evidence.*.id', 'iri'],
  ['credentialStatus.id', 'iri'],
  ['credentialStatus.statusListIndex', 'integer'],
  ['credentialStatus.statusListCredential', 'iri'],
  ['created', 'dateTime'],
  ['verificationMethod', 'iri'],
];

export const signingCanonicaliser = templateCanonicaliser({
  slots: SIGNED_SLOTS,
  slow: cryptosuite.canonize,
  // Signing has no request to log against; a shape falling back is worth one line per process.
  warn: (message) => console.warn(`open-badges: ${message}`),
});

const fastCryptosuite = { ...cryptosuite, canonize: signingCanonicaliser.canonize };

/** PKCS#8 DER of an Ed25519 secret key, before its 32-byte seed (RFC 8410), as @digitalbazaar/ed25519-multikey writes it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The key pair's signer, with its private key turned into a Node key object once: the library's own signer does that
 * for every signature, a tenth of a credential's time. Ed25519 signatures are deterministic, so the bytes are the same.
 */
export function keyObjectSigner(keyPair: SigningKey['keyPair']) {
  const { id, algorithm } = keyPair.signer();
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, keyPair.secretKey!.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  return { id, algorithm, sign: async ({ data }: { data: Uint8Array }) => ed25519Sign(null, data, privateKey) };
}

/** The suite does not keep per-document state: one per key, made once, serves every credential it signs. */
const suites = new WeakMap<SigningKey['keyPair'], DataIntegrityProof>();

function suiteFor(key: SigningKey): DataIntegrityProof {
  let suite = suites.get(key.keyPair);
  if (!suite) {
    suite = new DataIntegrityProof({ signer: keyObjectSigner(key.keyPair), cryptosuite: fastCryptosuite });
    suites.set(key.keyPair, suite);
  }
  return suite;
}

export async function signDocument(document: object, key: SigningKey): Promise<Record<string, unknown>> {
  // `issue` adds the proof (and nothing else) at the top of the object it is given, as jsonld-signatures does to its
  // own shallow copy: a shallow copy keeps the caller's object as it was. A deep copy cost a twelfth of a signature.
  return issue({ credential: { ...document }, suite: suiteFor(key), documentLoader: contextLoader });
}

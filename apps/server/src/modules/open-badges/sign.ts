// The declarations of the untyped packages this module uses, for programs that reach it from outside apps/server (e2e).
/// <reference path="./libraries.d.ts" />
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

/** The suite does not keep per-document state: one per key, made once, serves every credential it signs. */
const suites = new WeakMap<SigningKey['keyPair'], DataIntegrityProof>();

function suiteFor(key: SigningKey): DataIntegrityProof {
  let suite = suites.get(key.keyPair);
  if (!suite) {
    suite = new DataIntegrityProof({ signer: key.keyPair.signer(), cryptosuite: fastCryptosuite });
    suites.set(key.keyPair, suite);
  }
  return suite;
}

export async function signDocument(document: object, key: SigningKey): Promise<Record<string, unknown>> {
  // `issue` adds the proof to the object it is given: it gets a copy, the caller's stays as it was.
  return issue({ credential: structuredClone(document), suite: suiteFor(key), documentLoader: contextLoader });
}

import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { issue } from '@digitalbazaar/vc';
import { contextLoader } from './document-loader.ts';
import type { SigningKey } from './issuer.ts';

/**
 * Signs with a Data Integrity proof, cryptosuite `eddsa-rdfc-2022` (RDF canonicalisation, SHA-256, Ed25519).
 * Signing needs only the credential's contexts, all served from memory: no database, no network.
 */

/** The suite does not keep per-document state: one per key, made once, serves every credential it signs. */
const suites = new WeakMap<SigningKey['keyPair'], DataIntegrityProof>();

function suiteFor(key: SigningKey): DataIntegrityProof {
  let suite = suites.get(key.keyPair);
  if (!suite) {
    suite = new DataIntegrityProof({ signer: key.keyPair.signer(), cryptosuite });
    suites.set(key.keyPair, suite);
  }
  return suite;
}

export async function signDocument(document: object, key: SigningKey): Promise<Record<string, unknown>> {
  // `issue` adds the proof to the object it is given: it gets a copy, the caller's stays as it was.
  return issue({ credential: structuredClone(document), suite: suiteFor(key), documentLoader: contextLoader });
}

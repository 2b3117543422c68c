/**
 * How many OpenBadgeCredentials one core signs per second: the way Laurel signs (`signDocument`, which
 * canonicalises by template) and the stock way (@digitalbazaar/vc `issue` with the library's own
 * eddsa-rdfc-2022 suite), on the same credentials with the same key, one after the other.
 */
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { issue } from '@digitalbazaar/vc';
import { contextLoader } from '../apps/server/src/modules/open-badges/document-loader.ts';
import { signDocument } from '../apps/server/src/modules/open-badges/sign.ts';
import { HARBOUR_SCHOOL, seamanshipCredential } from '../apps/server/test/helpers/seamanship-credential.ts';

const did = HARBOUR_SCHOOL.id;

/** One recipient's credential: what differs from one to the next in a send. */
const credential = (i: number) =>
  seamanshipCredential(`token${i}`, i, {
    recipientName: `Recipient ${i}`,
    recipientEmail: `recipient${i}@example.com`,
    salt: `${i.toString(16).padStart(8, '0')}a1b2c3d4e5f60718293a4b5c`,
    issuedAt: new Date(),
  });

async function perSecond(count: number, sign: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await sign(i); // contexts processed, shapes templated, code warm
  const started = performance.now();
  for (let i = 0; i < count; i++) await sign(i);
  return (count * 1000) / (performance.now() - started);
}

/** `count` signed credentials as a send stores them, to embed in the benchmark's PDFs. */
export async function signedCredentials(count: number): Promise<string[]> {
  const keyPair = await Ed25519Multikey.generate({ controller: did });
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  const key = { keyId: keyPair.id, keyPair };
  const signed: string[] = [];
  for (let i = 0; i < count; i++) signed.push(JSON.stringify(await signDocument(credential(i), key)));
  return signed;
}

export async function signingRates(options: { slowCount: number; fastCount: number }) {
  const keyPair = await Ed25519Multikey.generate({ controller: did });
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  const key = { keyId: keyPair.id, keyPair };
  const stockSuite = new DataIntegrityProof({ signer: keyPair.signer(), cryptosuite });
  const slow = await perSecond(options.slowCount, (i) =>
    issue({ credential: credential(i), suite: stockSuite, documentLoader: contextLoader }),
  );
  const fast = await perSecond(options.fastCount, (i) => signDocument(credential(i), key));
  return { slow, fast };
}

/**
 * How many OpenBadgeCredentials one core signs per second, with the module's own builder, suite and
 * document loader: `npx tsx apps/server/test/open-badges-signing-rate.ts [count]`.
 */
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { buildCredential } from '../src/modules/open-badges/credential.ts';
import { signDocument } from '../src/modules/open-badges/sign.ts';

const count = Number(process.argv[2] ?? 300);
const did = 'did:web:laurel.example:issuers:0123456789abcdef01234567';
const keyPair = await Ed25519Multikey.generate({ controller: did });
keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
const key = { keyId: keyPair.id, keyPair };

const credential = (i: number) =>
  buildCredential({
    id: `https://laurel.example/api/c/token${i}/credential`,
    issuer: {
      id: did,
      type: ['Profile'],
      name: 'Harbour School',
      url: 'https://harbour.example',
      image: { id: 'https://laurel.example/api/files/logo.png', type: 'Image' },
    },
    title: 'Seamanship',
    achievementId: 'urn:uuid:6f1c2d4e-8a9b-8c0d-9e1f-203142536475',
    description: 'Seamanship, awarded by Harbour School.',
    criteria: 'Awarded by Harbour School to the person named in this credential.',
    imageUrl: `https://laurel.example/api/c/token${i}/image.png`,
    pageUrl: `https://laurel.example/c/token${i}`,
    recipientName: `Recipient ${i}`,
    recipientEmail: `recipient${i}@example.com`,
    salt: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    issuedAt: new Date(),
    expiresOn: '2030-12-31',
    status: {
      id: `https://laurel.example/issuers/x/status/0#${i}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(i),
      statusListCredential: 'https://laurel.example/issuers/x/status/0',
    },
  });

// The first signature processes the contexts; the ones after reuse them.
let started = performance.now();
await signDocument(credential(0), key);
console.log(`first credential: ${(performance.now() - started).toFixed(1)} ms`);
for (let i = 1; i <= 20; i++) await signDocument(credential(i), key);
started = performance.now();
for (let i = 0; i < count; i++) await signDocument(credential(i), key);
const seconds = (performance.now() - started) / 1000;
console.log(`${count} credentials in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} credentials per second on one core`);

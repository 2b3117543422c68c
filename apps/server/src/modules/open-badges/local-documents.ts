import type { AppContext } from '../../context.ts';
import { parseStatusListUrl, publicIdOfDid } from './did-web.ts';
import type { LocalResolver } from './document-loader.ts';
import { didDocument, issuerByPublicId, verificationMethodDocument } from './issuer.ts';
import { statusListCredential } from './status.ts';

/**
 * Our issuers' DID documents, keys and status lists, read from the database: what a verifier would fetch
 * from PUBLIC_URL, without going through the network to reach ourselves.
 */
export function localDocuments(context: AppContext): LocalResolver {
  return async (url) => {
    const did = publicIdOfDid(context.env, url);
    if (did) {
      const issuer = await issuerByPublicId(context, did);
      if (!issuer) return null;
      return url.includes('#')
        ? verificationMethodDocument(context, issuer, url)
        : url === issuer.did
          ? didDocument(context, issuer)
          : null;
    }
    const list = parseStatusListUrl(context.env, url);
    if (list) {
      const issuer = await issuerByPublicId(context, list.publicId);
      return issuer ? statusListCredential(context, issuer, list.list) : null;
    }
    return null;
  };
}

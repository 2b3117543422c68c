import { createHash } from 'node:crypto';
import { checkStatus, createCredential, createList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, asc, between, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { certificateVersions, openBadgeCredentials, recipients } from '../../db/schema.ts';
import { statusListUrl } from './did-web.ts';
import { currentKey, type Issuer } from './issuer.ts';
import { signDocument } from './sign.ts';

/**
 * Revocation as a W3C Bitstring Status List: each credential holds a position in its account's lists,
 * allocated when it is signed, and the list says which positions are revoked.
 *
 * The list is drawn when asked for, from `recipients.revoked_at` (revoked certificates are few, read
 * through a partial index) and the versions corrections replaced (`certificate_versions`), so whatever revokes or reinstates a certificate is reflected at once and
 * nothing has to remember to update it. The signed list is kept per process while the revoked set and
 * the signing key stay the same, so only a change costs a signature.
 */

/** Entries per list: 16 KiB of bits, the size the Bitstring Status List spec sets as the minimum for privacy. */
export const STATUS_LIST_LENGTH = 131_072;
export { checkStatus };

export interface StatusEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
}

export function statusEntry(context: AppContext, issuer: Issuer, index: number): StatusEntry {
  const list = Math.floor(index / STATUS_LIST_LENGTH);
  const position = index % STATUS_LIST_LENGTH;
  const url = statusListUrl(context.env, issuer.publicId, list);
  return {
    id: `${url}#${position}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(position),
    statusListCredential: url,
  };
}

const signedLists = new Map<string, { fingerprint: string; credential: Record<string, unknown> }>();

/** The issuer's list `list`, signed with its current key. */
export async function statusListCredential(context: AppContext, issuer: Issuer, list: number): Promise<Record<string, unknown>> {
  const first = list * STATUS_LIST_LENGTH;
  const withdrawn = context.db
    .select({ index: openBadgeCredentials.status_index })
    .from(recipients)
    .innerJoin(openBadgeCredentials, eq(openBadgeCredentials.recipient_id, recipients.id))
    .where(
      and(
        eq(recipients.account_id, issuer.accountId),
        isNotNull(recipients.revoked_at),
        eq(openBadgeCredentials.account_id, issuer.accountId),
        between(openBadgeCredentials.status_index, first, first + STATUS_LIST_LENGTH - 1),
      ),
    )
    .orderBy(asc(openBadgeCredentials.status_index));
  // A version a correction replaced is withdrawn too: verifiers elsewhere must not take it for the current one.
  const superseded = context.db
    .select({ index: sql<number>`${certificateVersions.status_index}` })
    .from(certificateVersions)
    .where(
      and(
        eq(certificateVersions.account_id, issuer.accountId),
        between(certificateVersions.status_index, first, first + STATUS_LIST_LENGTH - 1),
      ),
    );
  const revoked = (await Promise.all([withdrawn, superseded])).flat().sort((a, b) => a.index - b.index);
  const key = await currentKey(context, issuer);
  const fingerprint = createHash('sha256')
    .update(`${key.keyId}\n${revoked.map((row) => row.index).join(',')}`)
    .digest('base64url');
  // By the issuer's random public id, not the account number another database (a test's) repeats.
  const cacheKey = `${issuer.publicId}:${list}`;
  const cached = signedLists.get(cacheKey);
  if (cached?.fingerprint === fingerprint) return cached.credential;

  const bits = await createList({ length: STATUS_LIST_LENGTH });
  for (const row of revoked) bits.setStatus(row.index - first, true);
  const unsigned = await createCredential({
    id: statusListUrl(context.env, issuer.publicId, list),
    list: bits,
    statusPurpose: 'revocation',
  });
  // The issuer as a bare DID: a verifier checks it is the same as the credential's issuer id. `validFrom`, the
  // moment the list is drawn (to the second), lets a strict verifier take the list as in force.
  const validFrom = context.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  const credential = await signDocument({ ...unsigned, issuer: issuer.did, validFrom }, key);
  signedLists.set(cacheKey, { fingerprint, credential });
  return credential;
}

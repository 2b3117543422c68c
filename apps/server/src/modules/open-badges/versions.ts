import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { certificateVersions, openBadgeCredentials, recipients } from '../../db/schema.ts';

/**
 * Versions of an issued certificate. A correction of what a sent certificate says (names, dates, data fields)
 * makes a new version: a newly signed credential at a new status position takes the current one's place, and the
 * replaced version is kept in `certificate_versions` with its credential, whose status-list position is set from
 * then on, so verifiers anywhere see it withdrawn while Laurel's verify page names it superseded. The link stays.
 */

type RecipientRow = typeof recipients.$inferSelect;
type Credential = Record<string, unknown>;

/** A new version's credential, signed before the change is stored (signing takes no lock). */
export interface SignedVersion {
  credential: Credential;
  keyId: string;
  statusIndex: number;
}

export interface Supersession {
  /** The recipient as the version being replaced described them. */
  previous: RecipientRow;
  /** The new version's credential; null where credentials are not signed (then it is signed when first asked for). */
  next: SignedVersion | null;
  reason: 'correction';
  /** What the change touched: `first_name`, `last_name`, data-field keys. */
  changed: string[];
  changedBy: number | null;
  at: Date;
}

/**
 * Keeps the current version as an earlier one and puts the new version's credential in its place, in the caller's
 * transaction: the one that moves the recipient to `certificate_version + 1`, so a reader sees the old version or
 * the new one, never one's data with the other's credential.
 */
export async function supersedeCredential(tx: Db, { previous, next, reason, changed, changedBy, at }: Supersession): Promise<void> {
  const [current] = await tx.select().from(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, previous.id)).for('update');
  await tx.insert(certificateVersions).values({
    recipient_id: previous.id,
    account_id: previous.account_id,
    version: previous.certificate_version,
    first_name: previous.first_name,
    last_name: previous.last_name,
    meta: previous.meta,
    credential: current?.credential ?? null,
    key_id: current?.key_id ?? null,
    status_index: current?.status_index ?? null,
    // The first version was issued when it was sent; a later one when the change that made it was signed.
    issued_at: previous.certificate_version > 1 && current ? current.created_at : (previous.sent_at ?? at),
    superseded_at: at,
    superseded_by: reason,
    changed,
    changed_by: changedBy,
  });
  if (!next) {
    if (current) await tx.delete(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, previous.id));
    return;
  }
  const values = {
    credential: next.credential,
    key_id: next.keyId,
    status_index: next.statusIndex,
    version: previous.certificate_version + 1,
    created_at: at,
  };
  await tx
    .insert(openBadgeCredentials)
    .values({ recipient_id: previous.id, account_id: previous.account_id, ...values })
    .onConflictDoUpdate({ target: openBadgeCredentials.recipient_id, set: values });
}

/**
 * The credentials of earlier versions, by recipient id, for readers that read a recipient just before a correction
 * and so draw that version: its own credential, not the one that replaced it.
 */
export async function earlierCredentials(
  context: AppContext,
  wanted: { id: number; certificate_version: number }[],
): Promise<Map<number, Credential>> {
  if (!wanted.length) return new Map();
  const rows = await context.db
    .select({ recipientId: certificateVersions.recipient_id, credential: certificateVersions.credential })
    .from(certificateVersions)
    .where(
      and(
        or(...wanted.map((r) => and(eq(certificateVersions.recipient_id, r.id), eq(certificateVersions.version, r.certificate_version)))),
        isNotNull(certificateVersions.credential),
      ),
    );
  return new Map(rows.map((row) => [row.recipientId, row.credential!]));
}

/** A credential of Laurel's as issued: whose certificate, which version, and whether a later one replaced it. */
export interface IssuedCredential {
  recipientId: number;
  accountId: number;
  token: string;
  version: number;
  /** When a later version replaced it; null for the current one. */
  supersededAt: Date | null;
}

const proofValueOf = (credential: unknown): string | null => {
  const proof = (credential as { proof?: unknown } | null)?.proof;
  const value = (Array.isArray(proof) ? proof[0] : proof) as { proofValue?: unknown } | undefined;
  return typeof value?.proofValue === 'string' ? value.proofValue : null;
};

/** The certificate link's token in a credential's id (`…/api/c/{token}/credential`), whatever the address in front. */
const tokenOfCredentialId = (id: unknown): string | null =>
  typeof id === 'string' ? (/\/api\/c\/([A-Za-z0-9_-]{20,64})\/credential$/.exec(id)?.[1] ?? null) : null;

/**
 * Which issued credential this is, for one of the account's credentials whose proof holds: the certificate its id
 * names, and the version whose signature it carries (the current one, or one a correction replaced). Null for a
 * credential no certificate carries (a signature made for a certificate since deleted, or never handed out).
 */
export async function issuedCredential(
  context: AppContext,
  accountId: number,
  credential: Record<string, unknown>,
): Promise<IssuedCredential | null> {
  const token = tokenOfCredentialId(credential.id);
  const proofValue = proofValueOf(credential);
  if (!token || !proofValue) return null;
  const [recipient] = await context.db
    .select({ id: recipients.id, token: recipients.token })
    .from(recipients)
    .where(and(eq(recipients.token, token), eq(recipients.account_id, accountId)));
  if (!recipient) return null;
  const found = { recipientId: recipient.id, accountId, token: recipient.token };
  const [current] = await context.db
    .select({ credential: openBadgeCredentials.credential, version: openBadgeCredentials.version })
    .from(openBadgeCredentials)
    .where(and(eq(openBadgeCredentials.recipient_id, recipient.id), eq(openBadgeCredentials.account_id, accountId)));
  if (current && proofValueOf(current.credential) === proofValue) return { ...found, version: current.version, supersededAt: null };
  const earlier = await context.db
    .select({ credential: certificateVersions.credential, version: certificateVersions.version, at: certificateVersions.superseded_at })
    .from(certificateVersions)
    .where(and(eq(certificateVersions.recipient_id, recipient.id), eq(certificateVersions.account_id, accountId)));
  const match = earlier.find((row) => proofValueOf(row.credential) === proofValue);
  return match ? { ...found, version: match.version, supersededAt: match.at } : null;
}

/** When the issuer revoked the certificate a credential belongs to and the reason they gave; null while it is not revoked. */
export async function revocationOf(
  context: AppContext,
  issued: Pick<IssuedCredential, 'recipientId' | 'accountId'>,
): Promise<{ revoked_at: string; revocation_reason: string | null } | null> {
  const [row] = await context.db
    .select({ at: recipients.revoked_at, reason: recipients.revocation_reason })
    .from(recipients)
    .where(and(eq(recipients.id, issued.recipientId), eq(recipients.account_id, issued.accountId)));
  return row?.at ? { revoked_at: row.at.toISOString(), revocation_reason: row.reason } : null;
}

/**
 * Forgets the credential of a certificate never handed out (a send that failed or was suppressed after it was
 * signed), so that the next send signs what the recipient says then. Its status position stays unused.
 */
export async function discardUnissuedCredential(context: AppContext, recipient: Pick<RecipientRow, 'id' | 'account_id'>): Promise<void> {
  await context.db
    .delete(openBadgeCredentials)
    .where(and(eq(openBadgeCredentials.recipient_id, recipient.id), eq(openBadgeCredentials.account_id, recipient.account_id)));
}

import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { openBadgeCredentials, openBadgeIssuers, type recipients } from '../../db/schema.ts';
import { achievementOf } from './achievement.ts';
import { buildCredential } from './credential.ts';
import { currentKey, type Issuer, issuerOf, type SigningKey } from './issuer.ts';
import { type IssuerProfile, issuerProfile } from './profile.ts';
import { signDocument } from './sign.ts';
import { statusEntry } from './status.ts';
import { earlierCredentials, type SignedVersion } from './versions.ts';

/**
 * Recipients' OpenBadgeCredentials: signed once, when the certificate is sent (or, for one sent before
 * credentials existed, on the first request for it), then kept, so the file a recipient downloads, the one
 * baked into their PNG and the one in their PDF are the same bytes.
 */

type RecipientRow = typeof recipients.$inferSelect;
export type Credential = Record<string, unknown>;

/** What a credential is made of beyond the recipient: the delivery module knows the title and the page. */
export interface CertificateToCredential {
  recipient: RecipientRow;
  /** The certificate set: what was awarded (achievement.ts). */
  setId: number | null;
  /** The set's name as the project kept it: the achievement's name should the set no longer exist. */
  title: string;
  /** The certificate's public page. */
  pageUrl: string;
}

/** The credential's own address, under the certificate's public link. */
export const credentialUrl = (context: AppContext, token: string) => `${context.env.PUBLIC_URL}/api/c/${token}/credential`;

/**
 * The stored credentials of these recipients, each of the certificate version the caller read: one who read a
 * recipient just before a correction draws that version, so gets its credential, not the one that replaced it.
 */
async function storedCredentials(
  context: AppContext,
  wanted: Pick<RecipientRow, 'id' | 'certificate_version'>[],
): Promise<Map<number, Credential>> {
  if (!wanted.length) return new Map();
  const rows = await context.db
    .select({
      recipientId: openBadgeCredentials.recipient_id,
      credential: openBadgeCredentials.credential,
      version: openBadgeCredentials.version,
    })
    .from(openBadgeCredentials)
    .where(
      inArray(
        openBadgeCredentials.recipient_id,
        wanted.map((r) => r.id),
      ),
    );
  const stored = new Map(rows.map((row) => [row.recipientId, row]));
  const stale = wanted.filter((r) => stored.has(r.id) && stored.get(r.id)!.version !== r.certificate_version);
  const earlier = await earlierCredentials(context, stale);
  return new Map(rows.map((row) => [row.recipientId, earlier.get(row.recipientId) ?? row.credential]));
}

/**
 * Takes `count` consecutive positions in the account's status lists in one statement: the issuer's row is
 * locked only for that statement, so batches sent side by side never wait on each other's signing. Null when the
 * account has no issuer row yet (`issuerOf` makes it).
 */
async function takeStatusIndexes(context: AppContext, accountId: number, count: number): Promise<number | null> {
  const [taken] = await context.db
    .update(openBadgeIssuers)
    .set({ next_status_index: sql`${openBadgeIssuers.next_status_index} + ${count}` })
    .where(eq(openBadgeIssuers.account_id, accountId))
    .returning({ next: openBadgeIssuers.next_status_index });
  return taken ? taken.next - count : null;
}

/**
 * The signer and the first of `count` status positions, read side by side: one round trip less for every batch. The
 * account's very first batch finds no issuer row to take positions from until `signerOf` has made it, and takes them then.
 */
async function signerAndPositions(context: AppContext, accountId: number, count: number): Promise<{ signer: Signer; first: number }> {
  const [signer, taken] = await Promise.all([signerOf(context, accountId), takeStatusIndexes(context, accountId, count)]);
  return { signer, first: taken ?? (await takeStatusIndexes(context, accountId, count))! };
}

interface Signer {
  issuer: Issuer;
  profile: IssuerProfile;
  key: SigningKey;
}

async function sign(context: AppContext, { issuer, profile, key }: Signer, certificate: CertificateToCredential, index: number) {
  const { recipient } = certificate;
  const achievement = await achievementOf(context, issuer, profile, certificate.setId, certificate.title);
  return signDocument(
    buildCredential({
      id: credentialUrl(context, recipient.token),
      issuer: profile,
      title: achievement.name,
      achievementId: achievement.id,
      description: achievement.description,
      criteria: achievement.criteria,
      imageUrl: achievement.imageUrl,
      pageUrl: certificate.pageUrl,
      recipientName: recipientName(recipient),
      recipientEmail: recipient.email,
      salt: randomBytes(16).toString('hex'),
      // Signed as it is sent: the moment it is issued. One sent before credentials existed keeps its sent time.
      issuedAt: recipient.sent_at ?? context.clock.now(),
      expiresOn: recipient.meta.EXPIRATION_DATE || null,
      status: statusEntry(context, issuer, index),
    }),
    key,
  );
}

async function signerOf(context: AppContext, accountId: number): Promise<Signer> {
  const issuer = await issuerOf(context, accountId);
  const [profile, key] = await Promise.all([issuerProfile(context, issuer), currentKey(context, issuer)]);
  return { issuer, profile, key };
}

/** Signs the credentials of one account's certificates that have none yet, and keeps them. */
async function signAndStore(
  context: AppContext,
  accountId: number,
  certificates: CertificateToCredential[],
): Promise<Map<number, Credential>> {
  const { signer, first } = await signerAndPositions(context, accountId, certificates.length);
  const { key } = signer;
  // No transaction is open while signing: only the insert below meets other processes.
  const signed = await Promise.all(certificates.map((certificate, i) => sign(context, signer, certificate, first + i)));
  const now = context.clock.now();
  const inserted = await context.db
    .insert(openBadgeCredentials)
    .values(
      certificates.map((certificate, i) => ({
        recipient_id: certificate.recipient.id,
        account_id: accountId,
        credential: signed[i]!,
        key_id: key.keyId,
        status_index: first + i,
        created_at: now,
        version: certificate.recipient.certificate_version,
      })),
    )
    .onConflictDoNothing({ target: openBadgeCredentials.recipient_id })
    .returning({ recipientId: openBadgeCredentials.recipient_id });
  const ours = new Set(inserted.map((row) => row.recipientId));
  // Another process signed some of them first: theirs is the one kept (our positions stay unused, their bits 0).
  const lost = certificates.filter((c) => !ours.has(c.recipient.id)).map((c) => c.recipient);
  const theirs = await storedCredentials(context, lost);
  return new Map(certificates.map((c, i) => [c.recipient.id, ours.has(c.recipient.id) ? signed[i]! : theirs.get(c.recipient.id)!]));
}

/**
 * The credentials of sent certificates, by recipient id: the stored one when there is one, else signed now.
 * A whole batch costs one read, one status allocation and one insert per account, whatever its size.
 */
export async function credentialsFor(context: AppContext, certificates: CertificateToCredential[]): Promise<Map<number, Credential>> {
  const stored = await storedCredentials(
    context,
    certificates.map((c) => c.recipient),
  );
  const byAccount = new Map<number, CertificateToCredential[]>();
  for (const certificate of certificates) {
    if (stored.has(certificate.recipient.id)) continue;
    const list = byAccount.get(certificate.recipient.account_id) ?? [];
    // The same recipient twice in one batch is signed once.
    if (!list.some((c) => c.recipient.id === certificate.recipient.id)) list.push(certificate);
    byAccount.set(certificate.recipient.account_id, list);
  }
  const signed = await Promise.all([...byAccount].map(([accountId, list]) => signAndStore(context, accountId, list)));
  for (const map of signed) for (const [id, credential] of map) stored.set(id, credential);
  return stored;
}

/**
 * The credential of a new version of a sent certificate (a correction): signed for the recipient as corrected, at a
 * new status position, and not stored: `supersedeCredential` puts it in place in the transaction of the change.
 */
export async function signNewVersion(context: AppContext, certificate: CertificateToCredential): Promise<SignedVersion> {
  const { signer, first: index } = await signerAndPositions(context, certificate.recipient.account_id, 1);
  const credential = await sign(context, signer, certificate, index);
  return { credential, keyId: signer.key.keyId, statusIndex: index };
}

export const recipientName = (recipient: RecipientRow) => `${recipient.first_name} ${recipient.last_name}`.trim();

/** The name a downloaded credential is saved under: the recipient and what they were awarded. */
export function credentialFileName(recipient: RecipientRow, title: string): string {
  const name = `${recipientName(recipient)} ${title}`.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `${name || 'certificate'}.credential.json`;
}

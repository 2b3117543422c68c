import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { openBadgeCredentials, openBadgeIssuers, type recipients } from '../../db/schema.ts';
import { awardedTitle, byToken, recipientLinks } from '../delivery/index.ts';
import { buildCredential } from './credential.ts';
import { currentKey, type Issuer, issuerOf } from './issuer.ts';
import { issuerProfile } from './profile.ts';
import { signDocument } from './sign.ts';
import { statusEntry } from './status.ts';

/**
 * A recipient's OpenBadgeCredential: signed once, on the first request for it, then kept, so the file a
 * recipient downloads, the one baked into their PNG and the one in their PDF are the same bytes.
 */

type CertificateRow = Awaited<ReturnType<typeof byToken>>;

/** The credential's own address, under the certificate's public link. */
export const credentialUrl = (context: AppContext, token: string) => `${context.env.PUBLIC_URL}/api/c/${token}/credential`;

/** The certificate set's title from one issuer, as one Achievement: a stable URN, the same for every recipient of it. */
function achievementId(issuer: Issuer, setId: number | null, title: string): string {
  const hex = createHash('sha256')
    .update(`${issuer.publicId}\n${setId ?? ''}\n${title}`)
    .digest('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function stored(db: Db, recipientId: number) {
  const [row] = await db.select().from(openBadgeCredentials).where(eq(openBadgeCredentials.recipient_id, recipientId));
  return row?.credential ?? null;
}

/**
 * Signs and keeps the credential of a sent recipient. The issuer's row is locked while its next status position
 * is taken and the credential written: two first requests for one recipient end with one credential.
 */
async function signAndStore(context: AppContext, { recipient, project, account }: CertificateRow): Promise<Record<string, unknown>> {
  const issuer = await issuerOf(context, account.id);
  const [profile, key] = await Promise.all([issuerProfile(context, issuer), currentKey(context, issuer)]);
  const title = awardedTitle(project.snapshot);
  const links = recipientLinks(context, recipient.token);
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${openBadgeIssuers} where ${openBadgeIssuers.account_id} = ${issuer.accountId} for update`);
    // Signed by a request that held the lock first.
    const existing = await stored(tx as Db, recipient.id);
    if (existing) return existing;
    const [taken] = await tx
      .update(openBadgeIssuers)
      .set({ next_status_index: sql`${openBadgeIssuers.next_status_index} + 1` })
      .where(eq(openBadgeIssuers.account_id, issuer.accountId))
      .returning({ next: openBadgeIssuers.next_status_index });
    const index = taken!.next - 1;
    const credential = await signDocument(
      buildCredential({
        id: credentialUrl(context, recipient.token),
        issuer: profile,
        title,
        achievementId: achievementId(issuer, project.certificate_id, title),
        description: `${title}, awarded by ${account.name}.`,
        criteria: `Awarded by ${account.name} to the person named in this credential.`,
        imageUrl: `${context.env.PUBLIC_URL}/api/c/${recipient.token}/image.png`,
        pageUrl: links.certificate,
        recipientName: recipientName(recipient),
        recipientEmail: recipient.email,
        salt: randomBytes(16).toString('hex'),
        issuedAt: recipient.sent_at ?? recipient.created_at,
        expiresOn: recipient.meta.EXPIRATION_DATE || null,
        status: statusEntry(context, issuer, index),
      }),
      key,
    );
    await tx.insert(openBadgeCredentials).values({
      recipient_id: recipient.id,
      account_id: account.id,
      credential,
      key_id: key.keyId,
      status_index: index,
      created_at: context.clock.now(),
    });
    return credential;
  });
}

const recipientName = (recipient: typeof recipients.$inferSelect) => `${recipient.first_name} ${recipient.last_name}`.trim();

/**
 * The credential of the certificate behind a public link: 404 for a link that leads nowhere and 410 for a
 * withdrawn one, as the certificate's page answers.
 */
export async function credentialForToken(
  context: AppContext,
  token: string,
): Promise<{ credential: Record<string, unknown>; fileName: string }> {
  const row = await byToken(context, token);
  const credential = (await stored(context.db, row.recipient.id)) ?? (await signAndStore(context, row));
  const name = `${recipientName(row.recipient)} ${awardedTitle(row.project.snapshot)}`
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return { credential, fileName: `${name || 'certificate'}.credential.json` };
}

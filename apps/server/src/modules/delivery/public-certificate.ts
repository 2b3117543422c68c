import { migrateDesign } from '@laurel/certificate';
import { bakePng } from '@laurel/certificate/node';
import { ACCOUNT_DELETION_MESSAGES, type CertificateStatus, type PublicCertificate } from '@laurel/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, projects, recipients, suppressions, withdrawnCertificates } from '../../db/schema.ts';
import { gone, notFound } from '../../http/errors.ts';
import { linkedInAddToProfileUrl } from '../../mail/certificate-email/index.ts';
import { designImage, designPng } from '../certificates/index.ts';
import { certificatePdfName } from '../files/index.ts';
import { emitWebhookEvent, recipientEventData } from '../webhooks/index.ts';
import { profileEntryName, setNameOf } from './awarded-title.ts';
import { certificateCredential, credentialText } from './certificate-credential.ts';
import { issuedCertificatePdf, recipientData } from './certificate-file.ts';
import { withEvent } from './events.ts';
import { issuedFile, recordIssuedFiles } from './issued-files.ts';
import { linkIsLive } from './link-live.ts';
import { recipientLinks } from './links.ts';

type RecipientRow = typeof recipients.$inferSelect;
export type CertificateRow = Awaited<ReturnType<typeof byToken>>;

/** The recipient's certificate, reached by its unguessable token: public once it has been sent. */
export async function byToken(context: AppContext, token: string) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects, account: accounts })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(eq(recipients.token, token));
  if (row?.account.deleted_at || (!row && (await isWithdrawn(context, token)))) throw gone(ACCOUNT_DELETION_MESSAGES.withdrawn);
  if (!row || !linkIsLive(row.recipient)) throw notFound('Certificate not found.');
  return row;
}

/** The link belonged to an account since deleted: only its token was kept, to say so. */
async function isWithdrawn(context: AppContext, token: string): Promise<boolean> {
  const [tombstone] = await context.db
    .select({ token: withdrawnCertificates.token })
    .from(withdrawnCertificates)
    .where(eq(withdrawnCertificates.token, token));
  return !!tombstone;
}

/** Valid, expired or revoked, as a verifier sees it. */
function status(recipient: RecipientRow, now: Date): CertificateStatus {
  if (recipient.revoked_at) return 'revoked';
  const expires = recipient.meta.EXPIRATION_DATE;
  if (expires && new Date(`${expires}T23:59:59Z`) < now) return 'expired';
  return 'valid';
}

/**
 * The certificate page's data and its verification; the first visit is recorded as the certificate being
 * opened, unless `recordOpen` is false (a link preview's robot reading the page is not the recipient).
 */
export async function openPublicCertificate(
  context: AppContext,
  token: string,
  options: { recordOpen?: boolean } = {},
): Promise<PublicCertificate> {
  return presentCertificate(context, await openCertificateRow(context, token, options));
}

/** The row behind the page, the first open recorded as above: for the page, which also draws from the design. */
export async function openCertificateRow(context: AppContext, token: string, { recordOpen = true }: { recordOpen?: boolean } = {}) {
  const row = await byToken(context, token);
  const { recipient } = row;
  const now = context.clock.now();
  if (recordOpen && !recipient.accessed_at) {
    await context.db.transaction(async (tx) => {
      const [opened] = await tx
        .update(recipients)
        .set({ accessed_at: now, sent_details: withEvent('opened', now) })
        .where(sql`${recipients.id} = ${recipient.id} and ${recipients.accessed_at} is null`)
        .returning();
      if (opened)
        await emitWebhookEvent(context, tx as Db, {
          accountId: opened.account_id,
          type: 'recipient.opened',
          data: recipientEventData(opened, context.env.PUBLIC_URL),
        });
    });
  }
  return row;
}

export function presentCertificate(context: AppContext, { recipient, project, account }: CertificateRow): PublicCertificate {
  const links = recipientLinks(context, recipient.token);
  return {
    certificate_name: project.snapshot.name,
    certificate_number: recipient.certificate_number,
    recipient_name: `${recipient.first_name} ${recipient.last_name}`.trim(),
    issuer: { name: account.name, imagepath: account.imagepath },
    issued_at: (recipient.sent_at ?? recipient.created_at).toISOString(),
    expires_on: recipient.meta.EXPIRATION_DATE || null,
    status: status(recipient, context.clock.now()),
    revoked_at: recipient.revoked_at?.toISOString() ?? null,
    revocation_reason: recipient.revoked_at ? recipient.revocation_reason : null,
    pdf_url: links.pdf,
    image_url: `/api/c/${recipient.token}/image.png`,
    url: links.certificate,
    linkedin_url: links.linkedin,
  };
}

/**
 * LinkedIn's add-to-profile form for the certificate; the first time it is asked for is recorded, as
 * opening is, for the issuer's dashboard.
 */
export async function linkedInAddress(context: AppContext, token: string): Promise<string> {
  const { recipient, project, account } = await byToken(context, token);
  const [setName] = await Promise.all([setNameOf(context, project), recordFirst(context, recipient, 'linkedin_at', 'linkedin')]);
  return linkedInAddToProfileUrl({
    title: profileEntryName(setName, project.snapshot),
    organizationId: String(project.snapshot.email.linkedin_org_id ?? ''),
    organizationName: account.name,
    issuedAt: recipient.sent_at ?? recipient.created_at,
    expiresAt: recipient.meta.EXPIRATION_DATE ? new Date(`${recipient.meta.EXPIRATION_DATE}T00:00:00Z`) : null,
    certUrl: recipientLinks(context, recipient.token).certificate,
    certId: recipient.certificate_number,
  });
}

/**
 * Records the first download or LinkedIn add; later ones leave the row alone (one statement, no race).
 * The first download is a `recipient.downloaded` event, in the same transaction.
 */
async function recordFirst(context: AppContext, recipient: RecipientRow, column: 'downloaded_at' | 'linkedin_at', event: string) {
  if (recipient[column]) return;
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [first] = await tx
      .update(recipients)
      .set({ [column]: now, sent_details: withEvent(event, now) })
      .where(sql`${recipients.id} = ${recipient.id} and ${recipients[column]} is null`)
      .returning();
    if (first && column === 'downloaded_at')
      await emitWebhookEvent(context, tx as Db, {
        accountId: first.account_id,
        type: 'recipient.downloaded',
        data: recipientEventData(first, context.env.PUBLIC_URL),
      });
  });
}

/** The certificate's current version as a PNG with its credential baked in, as the public link serves it. */
export async function bakedCertificatePng(
  context: AppContext,
  { recipient, project }: Pick<CertificateRow, 'recipient' | 'project'>,
  width: number,
) {
  const [png, credential] = await Promise.all([
    designPng(context, project.account_id, migrateDesign(project.snapshot.design), recipientData(context, recipient), { width }),
    certificateCredential(context, { recipient, project }),
  ]);
  // Baked as OB 3.0 §5.3.1 says, so the image a recipient keeps proves itself like their PDF.
  return bakePng(png, credentialText(credential));
}

export async function publicCertificatePng(context: AppContext, token: string, width: number): Promise<Buffer> {
  const row = await byToken(context, token);
  const png = await bakedCertificatePng(context, row, width);
  // Drawn again for each request (the same bytes for the same version and width), recorded once per process.
  await recordIssuedFiles(context, [issuedFile(row.recipient, 'png', png)]);
  return png;
}

/**
 * The certificate as the delivery email shows it: a JPEG, drawn for each request like the PNG. It carries no
 * credential and is not recorded as an issued file (the verify page takes no JPEG): the PNG and PDF are the keepsakes.
 */
export async function publicCertificateJpeg(context: AppContext, token: string, width: number): Promise<Buffer> {
  const { recipient, project } = await byToken(context, token);
  const design = migrateDesign(project.snapshot.design);
  return designImage(context, project.account_id, design, recipientData(context, recipient), { width, format: 'jpeg' });
}

/**
 * The PDF as issued, and the name the browser shows it under. A revoked certificate's document is
 * not handed out any more: the link leads to its page, which says it was revoked.
 */
export async function publicCertificatePdf(
  context: AppContext,
  token: string,
): Promise<{ pdf: Buffer; name: string } | { revoked: true; pageUrl: string }> {
  const { recipient, project } = await byToken(context, token);
  if (recipient.revoked_at) return { revoked: true, pageUrl: recipientLinks(context, recipient.token).certificate };
  const pdf = await issuedCertificatePdf(context, project, recipient);
  await recordFirst(context, recipient, 'downloaded_at', 'downloaded');
  return { pdf, name: certificatePdfName(`${recipient.first_name} ${recipient.last_name}`, project.snapshot.name) };
}

/** One-click unsubscribe (RFC 8058): the address is suppressed for this issuer. */
export async function unsubscribe(context: AppContext, token: string): Promise<void> {
  const [row] = await context.db
    .select({ email: recipients.email, account_id: recipients.account_id, deleted_at: accounts.deleted_at })
    .from(recipients)
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(eq(recipients.token, token));
  if (row?.deleted_at || (!row && (await isWithdrawn(context, token)))) throw gone(ACCOUNT_DELETION_MESSAGES.withdrawn);
  if (!row) throw notFound();
  await context.db
    .insert(suppressions)
    .values({ account_id: row.account_id, email: row.email, reason: 'unsubscribe', created_at: context.clock.now() })
    .onConflictDoNothing();
}

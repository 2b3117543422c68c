import { FIELD_KEYS, migrateDesign, parseDateInFormat, recipientFields } from '@laurel/certificate';
import { type RecipientEmailPreview, type SendableCertificate, splitFullName } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { signPath } from '../../http/signed-urls.ts';
import { accountMailLinks } from '../../mail/account-mail-links.ts';
import { addressOf } from '../../mail/certificate-email/addresses.ts';
import { CertificateEmailError, composeCertificateEmail } from '../../mail/certificate-email/index.ts';
import { newMessageId } from '../../mail/outbox.ts';
import { presentCertificateSummary, thumbnailSigner } from './presenter.ts';
import { findCertificateSet, type listCertificateSets, type Member } from './service.ts';

type SummaryRow = Awaited<ReturnType<typeof listCertificateSets>>['rows'][number];

const PREVIEW_LINK_TTL_MS = 30 * 60_000;

/**
 * A set as the send wizard's first step lists it: thumbnail, and the fields an import must fill
 * (docs/product/send-wizard.md#what-is-kept: Certificate as used by send), so the issuer sees what columns they need before choosing.
 */
export function presentSendSelect(context: AppContext, row: SummaryRow): SendableCertificate {
  const design = migrateDesign(row.design);
  const fields = recipientFields(design);
  return {
    ...presentCertificateSummary(row, thumbnailSigner(context)),
    expiration_date_format: fields.some((f) => f.kind === 'expiration_date') ? (design.expiration_date_format ?? 'MM/DD/YYYY') : null,
    fields,
  };
}

/** One imported row, keyed by field (FIRST_NAME, Email Address, COURSE …) as the wizard maps it. */
export type PreviewRow = Record<string, string>;

/**
 * The delivery email one recipient of the wizard's preview would get, composed from the set's
 * current email design with that row's values. Nothing is stored or sent; the certificate button
 * opens this row's certificate through a short-lived signed link.
 */
export async function recipientEmailPreview(
  context: AppContext,
  member: Member,
  setId: number,
  input: { recipient: PreviewRow; sender_name?: string },
): Promise<RecipientEmailPreview> {
  const set = await findCertificateSet(context, member, setId);
  const design = migrateDesign(set.design);
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, member.accountId));
  const row = input.recipient;
  const value = (key: string) => (row[key] ?? '').trim();
  const combined = splitFullName(value(FIELD_KEYS.full));
  const first = value(FIELD_KEYS.first) || combined.first;
  const last = value(FIELD_KEYS.last) || combined.last;
  const fields: Record<string, string> = {};
  for (const field of recipientFields(design)) if (field.kind === 'data') fields[field.key] = value(field.key);
  const expires = design.expiration_date_format ? parseDateInFormat(value(FIELD_KEYS.expiration), design.expiration_date_format) : null;
  if (expires) fields[FIELD_KEYS.expiration] = expires;

  const certificateQuery = new URLSearchParams({ type: 'stream', FIRST_NAME: first, LAST_NAME: last, ...fields });
  const certificateUrl = `${context.env.PUBLIC_URL}${signPath(context, `/api/certificates/${set.id}/pdf?${certificateQuery}`, PREVIEW_LINK_TTL_MS)}`;
  const base = context.env.PUBLIC_URL;
  try {
    const email = composeCertificateEmail({
      design: set.email,
      account: {
        name: account?.name ?? 'Laurel',
        email: member.user.email,
        ...(account ? accountMailLinks(context, account) : { logoUrl: null, portalUrl: null }),
        customSender: input.sender_name?.trim() ? { name: input.sender_name.trim(), email: addressOf(context.env.MAIL_FROM) } : null,
      },
      recipient: {
        first_name: first,
        last_name: last,
        email: value(FIELD_KEYS.email),
        fields,
        certificate: {
          url: certificateUrl,
          id: 'PREVIEW',
          issuedAt: context.clock.now(),
          expiresAt: expires ? new Date(`${expires}T00:00:00Z`) : null,
          title: set.name,
        },
      },
      links: {
        unsubscribeUrl: `${base}/unsubscribe/preview`,
        preferencesUrl: `${base}/preferences/preview`,
        privacyUrl: `${base}/privacy`,
      },
      messageId: newMessageId(context.env.MAIL_FROM),
      productFrom: context.env.MAIL_FROM,
    });
    return { subject: email.subject, html: email.html, text: email.text, from: email.from, to: email.to, reply_to: email.replyTo };
  } catch (error) {
    if (error instanceof CertificateEmailError) throw badRequest(error.message, { error_type: 'email' });
    throw error;
  }
}

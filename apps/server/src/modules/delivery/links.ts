import { createHash } from 'node:crypto';
import { certificateLinks } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { CERTIFICATE_IMAGE_WIDTH } from '../../mail/certificate-email/index.ts';
import { senderDomain } from '../../mail/outbox.ts';

/** The public addresses of one recipient's certificate, all keyed by its unguessable token. */
export function recipientLinks(context: AppContext, token: string) {
  const base = context.env.PUBLIC_URL;
  const shared = certificateLinks(base, token);
  return {
    certificate: shared.certificate_url,
    pdf: shared.pdf_url,
    linkedin: `${base}/api/c/${token}/linkedin`,
    /** The certificate as the email shows it, twice its width in the message for sharp screens: a JPEG, a fraction of the PNG. */
    image: `${base}/api/c/${token}/image.jpg?width=${2 * CERTIFICATE_IMAGE_WIDTH}`,
    unsubscribe: `${base}/api/unsubscribe/${token}`,
    preferences: `${base}/preferences/${token}`,
    privacy: `${base}/privacy`,
  };
}

/**
 * Stable per recipient and attempt: a retried delivery carries the same Message-ID, a resend a new one.
 * Built from the recipient's random token (hashed: the header does not carry the link's key), not from
 * a row id, so no other install or a database started afresh repeats it: mailbox providers drop a
 * second message whose Message-ID they have already seen.
 */
export function certificateMessageId(context: AppContext, recipientToken: string, attempt: number): string {
  const unique = createHash('sha256').update(`laurel-message:${recipientToken}`).digest('base64url').slice(0, 32);
  return `<certificate.${unique}.${attempt}@${senderDomain(context.env.MAIL_FROM)}>`;
}

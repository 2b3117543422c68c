/**
 * The public addresses of one certificate, each keyed by its unguessable token under the app's public URL: the page a
 * recipient's email links to, its PDF, its picture and its signed Open Badges credential. The delivery email, the
 * public API and webhook events name them with these.
 */
export function certificateLinks(publicUrl: string, token: string) {
  return {
    certificate_url: `${publicUrl}/c/${token}`,
    pdf_url: `${publicUrl}/api/c/${token}/pdf`,
    image_url: `${publicUrl}/api/c/${token}/image.png`,
    credential_url: `${publicUrl}/api/c/${token}/credential`,
  };
}
export type CertificateLinks = ReturnType<typeof certificateLinks>;

/**
 * A certificate's links are live once it may be in the recipient's mailbox: from the moment its message is handed to
 * SMTP (`sending`: a batch records `sent` only after all of its messages left), and for good once it has been sent,
 * even while a resend is queued. Before that they do not exist.
 */
export const LINK_LIVE_STATES = ['sending', 'sent', 'bounced'] as const;

export const linkIsLive = (recipient: { state: string; sent_at: Date | null }): boolean =>
  recipient.sent_at !== null || (LINK_LIVE_STATES as readonly string[]).includes(recipient.state);

/**
 * A recipient's certificate links as the public API and webhook events give them: from the moment the certificate is
 * queued for sending (so that one call can issue a certificate and answer its links; they answer once its email has
 * left, within seconds), and null for a draft or a certificate that was never sent (failed, suppressed).
 */
export function issuedCertificateLinks(
  publicUrl: string,
  recipient: { token: string; state: string; sent_at: Date | null },
): { [K in keyof CertificateLinks]: string | null } {
  if (recipient.state === 'queued' || linkIsLive(recipient)) return certificateLinks(publicUrl, recipient.token);
  return { certificate_url: null, pdf_url: null, image_url: null, credential_url: null };
}

import { issuedCertificateLinks } from '@laurel/domain';
import type { projects, recipients } from '../../db/schema.ts';

/**
 * What an event says about its recipient or project: ids, names, addresses, state, moments and, once they are live,
 * the certificate's links, as the public API shows them. The links go to the account's own endpoint, signed, for it
 * to show its people their certificates; nothing else secret is ever in an event.
 */

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** `publicUrl` is the app's public address, under which the certificate's links live. */
export function recipientEventData(recipient: RecipientRow, publicUrl: string): Record<string, unknown> {
  return {
    object: 'recipient',
    id: recipient.id,
    project_id: recipient.project_id,
    email: recipient.email,
    first_name: recipient.first_name,
    last_name: recipient.last_name,
    certificate_number: recipient.certificate_number,
    version: recipient.certificate_version,
    ...issuedCertificateLinks(publicUrl, recipient),
    status: recipient.state,
    created_at: iso(recipient.created_at),
    sent_at: iso(recipient.sent_at),
    opened_at: iso(recipient.accessed_at),
    downloaded_at: iso(recipient.downloaded_at),
    revoked_at: iso(recipient.revoked_at),
  };
}

export function projectEventData(project: ProjectRow, send: { queued: number; at: Date }): Record<string, unknown> {
  return {
    object: 'project',
    id: project.id,
    title: project.title,
    certificate_set_id: project.certificate_id,
    recipients_queued: send.queued,
    created_at: iso(project.created_at),
    sent_at: iso(send.at),
  };
}

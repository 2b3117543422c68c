import type { projects, recipients } from '../../db/schema.ts';

type ProjectRow = typeof projects.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

export function presentProject(project: ProjectRow, counters: Record<string, number>) {
  return {
    id: project.id,
    title: project.title,
    key: project.key,
    status: project.deleted_at ? 0 : 1,
    certificate_id: project.certificate_id,
    certificate_name: project.snapshot.name,
    email_sender_name: project.sender_name,
    filename: project.filename,
    resend_attempts: project.resend_attempts,
    mapping: project.mapping,
    // What the project was saved with: later edits of the certificate set do not change it.
    elements: project.snapshot.design.elements ?? [],
    expiration_date_format: project.snapshot.design.expiration_date_format ?? null,
    reply_to: project.snapshot.email.reply_to ?? null,
    cc: project.snapshot.email.cc ?? '',
    bcc: project.snapshot.email.bcc ?? '',
    email_body_text: project.snapshot.email.email_body_text ?? '',
    ...counters,
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
  };
}

/** The public link is not shown here: it is the recipient's, and travels only in their email. */
export function presentRecipient(recipient: RecipientRow) {
  return {
    id: recipient.id,
    project_id: recipient.project_id,
    first_name: recipient.first_name,
    last_name: recipient.last_name,
    email: recipient.email,
    meta: recipient.meta,
    certificate_number: recipient.certificate_number,
    state: recipient.state,
    sent: recipient.state === 'sent',
    sent_at: recipient.sent_at?.toISOString() ?? null,
    accessed_at: recipient.accessed_at?.toISOString() ?? null,
    sent_details: recipient.sent_details,
    resend_errored: recipient.resend_errored,
    resend_individual: recipient.resend_individual,
    revoked: recipient.revoked_at !== null,
    updated_at: recipient.updated_at.toISOString(),
  };
}

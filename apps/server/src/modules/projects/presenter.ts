import { migrateDesign } from '@laurel/certificate';
import {
  type AdminProject,
  emailDesignSchema,
  type Project,
  type ProjectCounters,
  type ProjectEmail,
  type Recipient,
} from '@laurel/domain';
import type { projects, recipients } from '../../db/schema.ts';
import type { AdminProjectRow } from './superadmin.ts';

/** What a project looks like to the client: a send's queuing plan is the server's own. */
type ProjectRow = Omit<typeof projects.$inferSelect, 'pending_send'>;
type RecipientRow = typeof recipients.$inferSelect;

export function presentProject(project: ProjectRow, counters: ProjectCounters): Project {
  const design = migrateDesign(project.snapshot.design);
  const email = emailDesignSchema.parse(project.snapshot.email);
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
    resend_limit: project.resend_limit,
    mapping: project.mapping,
    // What the project was saved with: later edits of the certificate set do not change it.
    elements: design.elements,
    expiration_date_format: design.expiration_date_format,
    reply_to: email.reply_to,
    cc: email.cc,
    bcc: email.bcc,
    email_body_text: email.email_body_text,
    ...counters,
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
  };
}

/** The public link is not shown here: it is the recipient's, and travels only in their email. */
export function presentRecipient(recipient: RecipientRow): Recipient {
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

/** A project's email as the email editor reads it: the email fields flat, beside the design whose fields it may use. */
export function presentProjectEmail(project: ProjectRow): ProjectEmail {
  const design = migrateDesign(project.snapshot.design);
  return {
    id: project.id,
    name: project.title,
    certificate_name: project.snapshot.name,
    elements: design.elements,
    back_side_elements: design.back_side_elements,
    ...emailDesignSchema.parse(project.snapshot.email),
  };
}

/** A project as the super-admin's projects log and resend-attempts screen read it. */
export function presentAdminProject(row: AdminProjectRow): AdminProject {
  const { project } = row;
  return {
    id: project.id,
    title: project.title,
    key: project.key,
    account_id: project.account_id,
    account_name: row.account_name,
    status: project.deleted_at ? 0 : 1,
    deleted_at: project.deleted_at?.toISOString() ?? null,
    recipients_count: row.recipients_count,
    sent_count: row.sent_count,
    resends_used: project.resend_attempts,
    resend_attempts: project.resend_limit,
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
  };
}

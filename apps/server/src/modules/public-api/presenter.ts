import { migrateDesign, recipientFields } from '@laurel/certificate';
import { issuedCertificateLinks, type V1CertificateSet, type V1Project, type V1Recipient } from '@laurel/domain';
import type { certificateSets, projectCounters, projects, recipients } from '../../db/schema.ts';

type SetRow = Pick<typeof certificateSets.$inferSelect, 'id' | 'name' | 'design' | 'created_at' | 'updated_at'>;
type ProjectRow = Pick<typeof projects.$inferSelect, 'id' | 'title' | 'certificate_id' | 'snapshot' | 'created_at' | 'updated_at'>;
type CountersRow = typeof projectCounters.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

/** Names and email are the recipient's own properties; `fields` lists what else the design prints. */
const OWN_KINDS = new Set(['first_name', 'last_name', 'full_name', 'email']);

export function presentSet(row: SetRow): V1CertificateSet {
  const fields = recipientFields(migrateDesign(row.design)).filter((field) => !OWN_KINDS.has(field.kind));
  return {
    id: row.id,
    object: 'certificate_set',
    name: row.name,
    fields: fields.map((field) => ({ key: field.key, required: !field.optional })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentProject(row: ProjectRow, counters: CountersRow): V1Project {
  return {
    id: row.id,
    object: 'project',
    title: row.title,
    certificate_set_id: row.certificate_id,
    certificate_set_name: row.snapshot.name,
    recipients: {
      total: counters.recipients,
      draft: counters.draft,
      pending: counters.pending,
      sent: counters.sent,
      bounced: counters.bounced,
      failed: counters.failed,
      suppressed: counters.suppressed,
      opened: counters.opened,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** `publicUrl` is the app's public address, under which the certificate's links live. */
export function presentRecipient(row: RecipientRow, publicUrl: string): V1Recipient {
  return {
    id: row.id,
    object: 'recipient',
    project_id: row.project_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    fields: row.meta,
    certificate_number: row.certificate_number,
    status: row.state,
    revoked: row.revoked_at !== null,
    version: row.certificate_version,
    ...issuedCertificateLinks(publicUrl, row),
    sent_at: row.sent_at?.toISOString() ?? null,
    opened_at: row.accessed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

import type { HistoryEvent, StoreRecipient } from '@laurel/domain';
import type { projects, recipients } from '../../db/schema.ts';
import { presentRecipient } from '../projects/index.ts';

type RecipientRow = typeof recipients.$inferSelect;
type ProjectRow = typeof projects.$inferSelect;

/** The project a recipient belongs to, as the store lists it beside them. */
export interface ProjectLabel {
  project_title: string;
  certificate_name: string;
}

export const projectLabel = (project: ProjectRow): ProjectLabel => ({
  project_title: project.title,
  certificate_name: project.snapshot.name,
});

/**
 * A recipient's history: the delivery events recorded with each state change, and the first time
 * the certificate was opened. Certificates opened before that visit was recorded as an event have
 * only the date; it is shown as the event it was.
 */
export function recipientHistory(recipient: RecipientRow): HistoryEvent[] {
  const events: HistoryEvent[] = [...recipient.sent_details];
  if (recipient.accessed_at && !events.some((e) => e.event === 'opened'))
    events.push({ event: 'opened', at: recipient.accessed_at.toISOString() });
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** A recipient as the store shows them: the project's recipient plus where they belong and what happened. */
export function presentStoreRecipient(recipient: RecipientRow, label: ProjectLabel): StoreRecipient {
  return {
    ...presentRecipient(recipient),
    project_title: label.project_title,
    certificate_name: label.certificate_name,
    revoked_at: recipient.revoked_at?.toISOString() ?? null,
    revocation_reason: recipient.revoked_at ? recipient.revocation_reason : null,
    created_at: recipient.created_at.toISOString(),
    history: recipientHistory(recipient),
  };
}

/** A row of a query that read the recipient with their project's label (the search, a person's certificates). */
export const presentLabelledRecipient = (row: ProjectLabel & { recipient: RecipientRow }): StoreRecipient =>
  presentStoreRecipient(row.recipient, row);

/** One of the certificates a person received, with when its project was made. */
export const presentPersonCertificate = (row: ProjectLabel & { recipient: RecipientRow; project_created_at: Date }) => ({
  ...presentLabelledRecipient(row),
  project_created_at: row.project_created_at.toISOString(),
});

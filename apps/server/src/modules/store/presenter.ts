import type { recipients } from '../../db/schema.ts';
import { presentRecipient } from '../projects/presenter.ts';

type RecipientRow = typeof recipients.$inferSelect;

/** The project a recipient belongs to, as the store lists it beside them. */
export interface ProjectLabel {
  project_title: string;
  certificate_name: string;
}

export interface HistoryEvent {
  event: string;
  at: string;
  detail?: string;
}

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
export function presentStoreRecipient(recipient: RecipientRow, label: ProjectLabel) {
  return {
    ...presentRecipient(recipient),
    project_title: label.project_title,
    certificate_name: label.certificate_name,
    revoked_at: recipient.revoked_at?.toISOString() ?? null,
    created_at: recipient.created_at.toISOString(),
    history: recipientHistory(recipient),
  };
}

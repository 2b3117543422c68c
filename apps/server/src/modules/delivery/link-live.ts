import { inArray, isNotNull, or } from 'drizzle-orm';
import { recipients } from '../../db/schema.ts';

type RecipientRow = typeof recipients.$inferSelect;

/**
 * A certificate's link is live once it may be in the recipient's mailbox: from the moment its message is
 * handed to SMTP (`sending`: a batch records `sent` only after all of its messages left), and for good once
 * it has been sent, even while a resend is queued. Before that, its link does not exist.
 */
export const LINK_LIVE_STATES = ['sending', 'sent', 'bounced'] as const;

export const linkIsLive = (recipient: Pick<RecipientRow, 'state' | 'sent_at'>): boolean =>
  recipient.sent_at !== null || (LINK_LIVE_STATES as readonly string[]).includes(recipient.state);

/** The same rule as a query condition. */
export const linkIsLiveSql = () => or(isNotNull(recipients.sent_at), inArray(recipients.state, [...LINK_LIVE_STATES]));

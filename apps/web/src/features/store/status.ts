import type { RecipientState } from '@laurel/domain';

/**
 * How a recipient's delivery reads in the store. The spec shows SENT or UNSENT; the states between
 * and after (queued, bounced, failed, suppressed) are shown as themselves so nothing looks sent that
 * was not.
 */
export const STATE_LABELS: Record<RecipientState, { label: string; color: string; hint: string }> = {
  draft: { label: 'Unsent', color: 'gray', hint: 'Not sent yet.' },
  queued: { label: 'Queued', color: 'blue', hint: 'Waiting for its turn to be sent.' },
  sending: { label: 'Sending', color: 'blue', hint: 'Being sent right now.' },
  sent: { label: 'Sent', color: 'laurel', hint: 'Delivered to the recipient’s mail server.' },
  bounced: {
    label: 'Bounced',
    color: 'red',
    hint: 'The recipient’s mail server refused the message. The address is no longer mailed unless you resend to this recipient.',
  },
  failed: { label: 'Failed', color: 'orange', hint: 'Could not be delivered after repeated attempts. The credit was returned.' },
  suppressed: {
    label: 'Suppressed',
    color: 'orange',
    hint: 'Not sent: the address unsubscribed or bounced before. The credit was returned.',
  },
};

export const isUndeliverable = (state: RecipientState) => state === 'bounced' || state === 'failed' || state === 'suppressed';
export const isInFlight = (state: RecipientState) => state === 'queued' || state === 'sending';

/** The events of a recipient's history, as sentences. */
export const EVENT_LABELS: Record<string, string> = {
  queued: 'Queued for sending',
  sending: 'Sending',
  retry: 'Sending again after a temporary failure',
  deferred: 'Delivery deferred; will retry',
  sent: 'Delivered',
  bounced: 'Bounced',
  failed: 'Delivery failed',
  suppressed: 'Not sent: address suppressed',
  resend: 'Queued to be sent again',
  opened: 'Opened the certificate',
  downloaded: 'Downloaded the PDF',
  // LinkedIn does not say whether the entry was saved: only that its link was followed.
  linkedin: 'Clicked “Add to LinkedIn”',
  revoked: 'Certificate revoked',
  reinstated: 'Certificate reinstated',
  edited: 'Details corrected',
  email_changed: 'Email address changed',
};

export const eventLabel = (event: string) => EVENT_LABELS[event] ?? event.replace(/_/g, ' ');

export const EVENT_COLORS: Record<string, string> = {
  sent: 'laurel',
  opened: 'gilt',
  bounced: 'red',
  failed: 'red',
  suppressed: 'orange',
  deferred: 'orange',
  retry: 'orange',
  revoked: 'red',
};

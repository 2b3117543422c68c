import type { EmailPreferences } from '@laurel/domain';
import type { RecipientPreferences } from './service.ts';

/**
 * The address as the page shows it: enough for its owner to recognise, not enough for whoever holds a
 * forwarded link to learn it ("g***r@example.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length > 3 ? `${local[0]}***${local[local.length - 1]}` : `${local[0]}***`;
  return `${shown}${email.slice(at)}`;
}

export function presentPreferences(preferences: RecipientPreferences): EmailPreferences {
  return {
    account_name: preferences.accountName,
    email: maskEmail(preferences.email),
    subscribed: preferences.reason === null,
    /** Set when the address stopped receiving mail because it bounced: the recipient cannot undo that. */
    bounced: preferences.reason === 'bounce',
  };
}

import { api } from '../api/client.ts';

/** A recipient's email preferences for one issuer, as the footer link's holder sees them. */
export interface EmailPreferences {
  account_name: string;
  /** Masked: the page shows enough for its owner to recognise the address. */
  email: string;
  subscribed: boolean;
  /** The address stopped receiving mail because it bounced; only the issuer can change that. */
  bounced: boolean;
}

export const getEmailPreferences = (token: string) =>
  api.get<EmailPreferences>(`/preferences/${encodeURIComponent(token)}`, { quiet401: true });

export const setEmailPreferences = (token: string, subscribed: boolean) =>
  api.post<EmailPreferences & { success: boolean; message: string }>(
    `/preferences/${encodeURIComponent(token)}`,
    { subscribed },
    { quiet401: true },
  );

import { preferenceCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** A recipient's email preferences for one issuer, as the footer link's holder sees them. */
export const getEmailPreferences = (token: string) => call(preferenceCalls.getEmailPreferences, { params: { token } }, { quiet401: true });

export const setEmailPreferences = (token: string, subscribed: boolean) =>
  call(preferenceCalls.updateEmailPreferences, { params: { token }, body: { subscribed } }, { quiet401: true });

import { authCalls, type CredentialsQuery, type CredentialsRegisterRequest, credentialCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';
import { api } from '../../shared/api/client.ts';

/** Registers a holder: a 400 `user_exist` means the address already has a sign-in (docs/product/credentials-portal.md#messages). */
export const registerHolder = (body: CredentialsRegisterRequest) => call(credentialCalls.registerCredentialsUser, { body });

export const listCredentials = (query: CredentialsQuery) => call(credentialCalls.listCredentials, { query });

/** The portal's reset request; the link it mails sets the password of the same sign-in. */
export const requestHolderPasswordReset = (email: string) => call(authCalls.requestPortalPasswordReset, { body: { email } });

/**
 * Saves the holder's memo on one certificate (docs/product/recipient-portal.md#calls `POST recipients/update-memo`; its reply is not
 * read). The call's contract lives with the recipient portal, so it is made through the raw request.
 */
export const saveMemo = (id: number, memo: string) => api.post<unknown>('/recipients/update-memo', { recipient: { id, memo } });

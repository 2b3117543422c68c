import { MESSAGES } from '@laurel/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { clearToken, getToken } from '../api/token.ts';
import { notifySuccess } from '../lib/notify.ts';
import { logout } from './api.ts';
import { forgetDrafts } from './draft-storage.ts';
import { CONFIG_KEY, USER_KEY } from './queries.ts';

/** Ends the session on the server and here, then goes to the sign-in page. */
export async function endSession(): Promise<void> {
  if (getToken()) {
    // The session may already be gone on the server; signing out here must succeed regardless.
    await logout().catch(() => undefined);
  }
  clearToken();
  // Recipient lists not yet saved in a project stay with the person who imported them.
  forgetDrafts();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CONFIG_KEY[0] });
  queryClient.setQueryData(USER_KEY, null);
}

export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(
    async (options: { to?: string; quietly?: boolean } = {}) => {
      await endSession();
      void navigate(options.to ?? '/login', { replace: true });
      if (!options.quietly) notifySuccess(MESSAGES.loggedOut);
    },
    [navigate],
  );
}

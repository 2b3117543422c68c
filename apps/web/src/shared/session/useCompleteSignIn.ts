import type { LoginResponse } from '@laurel/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../api/query-client.ts';
import { setToken } from '../api/token.ts';
import { firstName } from '../lib/format.ts';
import { notifySuccess } from '../lib/notify.ts';
import { markActive } from './activity.ts';
import { USER_KEY } from './queries.ts';

/** After a successful sign-in: keep the token, start the idle clock, go where the server says. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (response: LoginResponse) => {
      setToken(response.token);
      markActive();
      queryClient.setQueryData(USER_KEY, response.user);
      void navigate(response.location, { replace: true });
      const name = firstName(response.user);
      notifySuccess(response.first_sign_in ? `Welcome to Laurel, ${name}` : `Welcome back, ${name}`);
    },
    [navigate],
  );
}

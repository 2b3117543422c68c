import type { LoginResponse } from '@laurel/domain';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { getCsrfToken, login } from './api.ts';

/**
 * The sign-in repeated with a second factor (`pin_code` from the authenticator app or a recovery code,
 * `email_code` from the mailed code): a fresh form token, the password already given, and the error or
 * the server's next question shown in the step's form.
 */
export function useCodeSignIn(credentials: { email: string; password: string }, onSignedIn: (response: LoginResponse) => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (factor: { pin_code: string } | { email_code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { csrf_token } = await getCsrfToken();
      const response = await login({ ...credentials, csrf_token, ...factor });
      if (response.require_action === null) onSignedIn(response);
      else setError(response.message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return { error, setError, busy, signIn };
}

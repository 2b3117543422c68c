import { type LoginResponse, SSO_HANDOVER_FRAGMENT } from '@laurel/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { useCompleteSignIn } from '../../shared/session/useCompleteSignIn.ts';
import { finishSsoHandover } from './api.ts';

/**
 * A finished single sign-on arrives as `#sso={code}` on the login page: the code is taken off the
 * address at once (it is good only once) and exchanged for a session, which completes like a password
 * sign-in (or as `complete` says: the credentials portal lands on its own list). Answers whether the
 * exchange is under way and its error.
 */
export function useSsoHandover(complete?: (response: LoginResponse) => void): { pending: boolean; error: string | null } {
  const completeSignIn = useCompleteSignIn();
  const finish = complete ?? completeSignIn;
  // The server renders the sign-in page too (src/ssr), with no window and never a handover.
  const [code] = useState(() =>
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.hash.slice(1)).get(SSO_HANDOVER_FRAGMENT),
  );
  const [pending, setPending] = useState(code !== null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    finishSsoHandover(code)
      .then(finish)
      .catch((failure: unknown) => {
        setError(errorMessage(failure));
        setPending(false);
      });
  }, [code, finish]);

  return { pending, error };
}

import { startsWithSegment } from '@laurel/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { setInterceptors } from '../../shared/api/interceptors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { getToken, TOKEN_KEY } from '../../shared/api/token.ts';
import { lazyOptional } from '../../shared/lib/lazy-optional.tsx';
import { notifyError } from '../../shared/lib/notify.ts';
import { isPublicFlowPath } from '../../shared/session/paths.ts';
import { USER_KEY, useCurrentUser } from '../../shared/session/queries.ts';
import { useSignOut } from '../../shared/session/useSignOut.ts';
import { useIdleSession } from './useIdleSession.ts';

// Shown only when a session runs out: its form code is not part of every page's first load.
const ReloginModal = lazy(() => import('./ReloginModal.tsx').then((module) => ({ default: module.ReloginModal })));
// Only a signed-in person can be warned, so the warning (and Mantine's Modal) loads at sign-in, not with the
// sign-in page. Should it fail to load, the idle sign-out still happens, only without the warning.
const IdleWarningModal = lazyOptional(() => import('./IdleWarningModal.tsx').then((module) => module.IdleWarningModal));

/**
 * Everything that watches the session for the whole app: idle timeout, the re-login modal on
 * 401, gone resources (410), an account that starts requiring two-factor, and sign-outs made in another tab.
 */
export function SessionWatcher() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [reloginOpen, setReloginOpen] = useState(false);

  useEffect(() => {
    setInterceptors({
      unauthorized: () => {
        const path = window.location.pathname;
        if (startsWithSegment(path, '/portal')) {
          if (!startsWithSegment(path, '/portal/login')) void navigate('/portal/login', { replace: true });
          return;
        }
        if (isPublicFlowPath(path) || !getToken()) return;
        setReloginOpen(true);
      },
      gone: (error) => notifyError(error.body.message),
      // The session's user reads again: its `two_factor_setup_required` sends the route guard to enrolment.
      twoFactorRequired: () => void queryClient.invalidateQueries({ queryKey: USER_KEY }),
    });
  }, [navigate]);

  // Another tab signed out: this one follows instead of failing on its next call.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && !event.newValue && queryClient.getQueryData(USER_KEY)) {
        queryClient.setQueryData(USER_KEY, null);
        void navigate('/login', { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  const { warningLeftMs, staySignedIn } = useIdleSession(!!user, () => void signOut());

  const exitRelogin = () => {
    setReloginOpen(false);
    void signOut();
  };

  return (
    <>
      {user && (
        <Suspense fallback={null}>
          <IdleWarningModal leftMs={reloginOpen ? null : warningLeftMs} onStay={staySignedIn} onLogOff={() => void signOut()} />
        </Suspense>
      )}
      {reloginOpen && (
        <Suspense fallback={null}>
          <ReloginModal opened email={user?.email ?? ''} onExit={exitRelogin} />
        </Suspense>
      )}
    </>
  );
}

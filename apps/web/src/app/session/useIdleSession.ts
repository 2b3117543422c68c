import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_IDLE_LIMIT_MS,
  SESSION_KEEPALIVE_MS,
  SESSION_WARNING_MS,
  USER_REFRESH_MS,
  type UserDto,
} from '@laurel/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryClient } from '../../shared/api/query-client.ts';
import { lastActivity, markActive, setActivityPaused, startActivityTracking } from '../../shared/session/activity.ts';
import { getCurrentUser } from '../../shared/session/api.ts';
import { isSignInPath } from '../../shared/session/paths.ts';
import { USER_KEY } from '../../shared/session/queries.ts';

interface IdleSession {
  /** Milliseconds until the automatic sign-out while the warning shows; null otherwise. */
  warningLeftMs: number | null;
  staySignedIn: () => void;
}

/**
 * The idle rules of docs/product/sign-in-and-sessions.md#flows, checked every second: a warning at 25 minutes, sign-out at 30, the
 * user record refreshed after 40 minutes of activity, and a server keepalive at most every 5.
 */
export function useIdleSession(signedIn: boolean, onTimeout: () => void): IdleSession {
  const [warningLeftMs, setWarningLeftMs] = useState<number | null>(null);
  const lastPing = useRef(Date.now());
  const lastRefresh = useRef(Date.now());
  const timeoutRef = useRef(onTimeout);
  timeoutRef.current = onTimeout;

  const confirmWithServer = useCallback(() => {
    lastPing.current = Date.now();
    // A 401 here opens the re-login modal through the API client: the session really ended.
    getCurrentUser()
      .then((user: UserDto) => queryClient.setQueryData(USER_KEY, user))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const stopTracking = startActivityTracking();
    lastPing.current = Date.now();
    lastRefresh.current = Date.now();
    let timedOut = false;

    const check = () => {
      if (timedOut || isSignInPath(window.location.pathname)) return;
      const now = Date.now();
      const idle = now - lastActivity();
      if (idle >= SESSION_IDLE_LIMIT_MS) {
        timedOut = true;
        setActivityPaused(false);
        setWarningLeftMs(null);
        timeoutRef.current();
        return;
      }
      if (idle >= SESSION_WARNING_MS) {
        setActivityPaused(true);
        setWarningLeftMs(SESSION_IDLE_LIMIT_MS - idle);
        return;
      }
      setActivityPaused(false);
      setWarningLeftMs(null);
      if (now - lastRefresh.current >= USER_REFRESH_MS) {
        lastRefresh.current = now;
        confirmWithServer();
      } else if (lastActivity() > lastPing.current && now - lastPing.current >= SESSION_KEEPALIVE_MS) {
        confirmWithServer();
      }
    };

    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      stopTracking();
      setActivityPaused(false);
      setWarningLeftMs(null);
    };
  }, [signedIn, confirmWithServer]);

  const staySignedIn = useCallback(() => {
    setActivityPaused(false);
    markActive();
    setWarningLeftMs(null);
    confirmWithServer();
  }, [confirmWithServer]);

  return { warningLeftMs, staySignedIn };
}

import { ACCOUNT_URL_TAKEN_MESSAGE, accountUrlBase, accountUrlProblem, suggestAccountUrl } from '@laurel/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { type RefObject, useEffect, useState } from 'react';
import { checkAccountUrl } from './api.ts';

export type UrlStatus = 'idle' | 'checking' | 'available' | 'unavailable';

const isTaken = async (candidate: string) => (await checkAccountUrl(candidate)).taken;

interface Options {
  url: string;
  setUrl: (url: string) => void;
  accountName: string;
  firstName: string;
  lastName: string;
  /** Suggestions run only on step 2, and only until the person types a URL of their own. */
  active: boolean;
  /** Set once the person types a URL; kept by the page so that it survives going back to step 1. */
  editedByHand: RefObject<boolean>;
}

/**
 * The account URL on step 2: suggested from the account name (or the person's name) until edited
 * by hand, and checked for availability shortly after each change (docs/product/registration.md#rules-and-limits).
 */
export function useAccountUrl({ url, setUrl, accountName, firstName, lastName, active, editedByHand }: Options) {
  const [status, setStatus] = useState<UrlStatus>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [debouncedUrl] = useDebouncedValue(url.trim(), 400);
  const [debouncedName] = useDebouncedValue(accountName, 400);

  useEffect(() => {
    if (!active || editedByHand.current) return;
    let cancelled = false;
    const base = accountUrlBase(debouncedName, firstName, lastName);
    suggestAccountUrl(base, isTaken)
      .then((suggestion) => {
        if (!cancelled && !editedByHand.current) setUrl(suggestion);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [active, debouncedName, firstName, lastName, setUrl, editedByHand]);

  useEffect(() => {
    if (!active || !debouncedUrl) {
      setStatus('idle');
      setMessage(null);
      return;
    }
    const problem = accountUrlProblem(debouncedUrl);
    if (problem) {
      setStatus('unavailable');
      setMessage(problem);
      return;
    }
    let cancelled = false;
    setStatus('checking');
    checkAccountUrl(debouncedUrl)
      .then((answer) => {
        if (cancelled) return;
        setStatus(answer.taken ? 'unavailable' : 'available');
        setMessage(answer.taken ? (answer.problem ?? ACCOUNT_URL_TAKEN_MESSAGE) : null);
      })
      .catch(() => {
        if (!cancelled) setStatus('idle');
      });
    return () => {
      cancelled = true;
    };
  }, [active, debouncedUrl]);

  const markEdited = () => {
    editedByHand.current = true;
  };

  /** While the typed value has not been checked yet, the last answer no longer applies. */
  const settled = debouncedUrl === url.trim();
  return { status: settled ? status : 'checking', message: settled ? message : null, markEdited };
}

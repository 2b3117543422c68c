import { ACCOUNT_URL_TAKEN_MESSAGE, accountUrlBase, accountUrlProblem, normalizeAccountUrl, suggestAccountUrl } from '@laurel/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { checkAccountUrl } from '../../register/index.ts';

export type PortalUrlStatus = 'current' | 'checking' | 'available' | 'unavailable';

const isTaken = async (candidate: string) => (await checkAccountUrl(candidate)).taken;

/**
 * The portal URL as the admin types it: the account's own URL is simply current; any other is checked
 * against the URL rules and for availability shortly after each change, and when it cannot be used a
 * free one is suggested from the account name (docs/product/account.md#rules-and-limits).
 */
export function usePortalUrl(typed: string, ownUrl: string, accountName: string) {
  const url = normalizeAccountUrl(typed);
  const [debounced] = useDebouncedValue(url, 400);
  const [answer, setAnswer] = useState<{ url: string; status: PortalUrlStatus; message: string | null }>({
    url: ownUrl,
    status: 'current',
    message: null,
  });
  const [suggestion, setSuggestion] = useState<string | null>(null);

  useEffect(() => {
    if (!debounced || debounced === ownUrl) return setAnswer({ url: debounced, status: 'current', message: null });
    const problem = accountUrlProblem(debounced);
    if (problem) return setAnswer({ url: debounced, status: 'unavailable', message: problem });
    let cancelled = false;
    checkAccountUrl(debounced)
      .then((reply) => {
        if (!cancelled)
          setAnswer({
            url: debounced,
            status: reply.taken ? 'unavailable' : 'available',
            message: reply.taken ? (reply.problem ?? ACCOUNT_URL_TAKEN_MESSAGE) : null,
          });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [debounced, ownUrl]);

  const unavailable = answer.status === 'unavailable' && answer.url === url;
  useEffect(() => {
    if (!unavailable) return setSuggestion(null);
    let cancelled = false;
    suggestAccountUrl(accountUrlBase(accountName), async (candidate) => candidate !== ownUrl && (await isTaken(candidate)))
      .then((next) => {
        if (!cancelled) setSuggestion(next === url ? null : next);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [unavailable, accountName, ownUrl, url]);

  // Until the typed value has been checked, the last answer belongs to another value.
  const status: PortalUrlStatus = !url || url === ownUrl ? 'current' : answer.url === url ? answer.status : 'checking';
  return {
    url,
    status,
    message: status === 'unavailable' ? answer.message : null,
    suggestion: status === 'unavailable' ? suggestion : null,
  };
}

import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/errors.ts';
import { useAppConfig } from '../../shared/session/queries.ts';
import { getPortalAccount } from './api.ts';
import { portalKeys } from './query-keys.ts';

export const PORTAL_ACCOUNT_KEY = portalKeys.account();

/**
 * The account whose portal this host is (`accounts/portal/account`). `invalid` is an unknown, deleted or
 * banned account, or no account portal at all: the login page shows its invalid-account form.
 */
export function usePortalAccount() {
  const config = useAppConfig();
  const onAccountHost = !!config.data?.host.on_portal_host && !config.data.host.credentials_portal;
  const account = useQuery({
    queryKey: PORTAL_ACCOUNT_KEY,
    queryFn: getPortalAccount,
    enabled: onAccountHost,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 5 * 60_000,
  });
  const invalid = config.isSuccess && (!onAccountHost || (account.error instanceof ApiError && account.error.status === 404));
  return {
    account: account.data ?? null,
    pending: config.isPending || (onAccountHost && account.isPending),
    invalid,
    error: account.error,
  };
}

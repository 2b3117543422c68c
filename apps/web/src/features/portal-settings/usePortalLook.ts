import { DEFAULT_PORTAL_SETTINGS, type PublicPortalSettings } from '@laurel/domain';
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../shared/session/queries.ts';
import { getPublicPortalSettings, portalLookKey } from './api.ts';

/** The look before any is read, and on hosts that belong to no account (the credentials portal, the main host). */
export const DEFAULT_PORTAL_LOOK: PublicPortalSettings = { ...DEFAULT_PORTAL_SETTINGS, support_email: null };

/**
 * How this host's portal looks (docs/product/recipient-portal.md#calls `portal/portal-settings`): read once per account and kept for
 * the visit; the defaults until it arrives, or when the host is no account's portal.
 */
export function usePortalLook(): PublicPortalSettings {
  const { data: config } = useAppConfig();
  const accountId = config?.host.account?.id ?? null;
  const { data } = useQuery({
    queryKey: portalLookKey(accountId),
    queryFn: () => getPublicPortalSettings(accountId!),
    enabled: accountId !== null,
    staleTime: 5 * 60_000,
  });
  return data?.portal_settings ?? DEFAULT_PORTAL_LOOK;
}

import { routeRedirect } from '@laurel/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../shared/components/FullPageLoader.tsx';
import { LoadError } from '../../shared/components/LoadError.tsx';
import { useAppConfig, useCurrentUser } from '../../shared/session/queries.ts';

/**
 * Applies the access rules of docs/product/access-and-routes.md#screens with the shared `routeRedirect`. The server enforces the
 * same rules on every API call; this only spares people screens they cannot use.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const config = useAppConfig();
  const user = useCurrentUser();

  if (config.isPending || user.isPending) return <FullPageLoader />;
  if (config.isError || user.isError) {
    return (
      <LoadError
        error={config.error ?? user.error}
        onRetry={() => {
          void config.refetch();
          void user.refetch();
        }}
      />
    );
  }

  const redirect = routeRedirect({
    path: pathname,
    user: user.data,
    onPortalHost: config.data.host.on_portal_host,
    credentialsPortal: config.data.host.credentials_portal,
  });
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { AuthLayout } from '../layouts/AuthLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { LayoutKey, PageDef, RoutePath } from './page-types.ts';
import { PAGES } from './pages.tsx';
import { Root } from './Root.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { RouteGuard } from './RouteGuard.tsx';

// The signed-in frames (menus, navigation) load with the first screen that uses them, not with the sign-in
// page, which is where most visits start; the Suspense of Root covers their loading.
const AppLayout = lazy(() => import('../layouts/AppLayout.tsx').then((module) => ({ default: module.AppLayout })));
const AccountLayout = lazy(() => import('../layouts/AccountLayout.tsx').then((module) => ({ default: module.AccountLayout })));
const StoreLayout = lazy(() => import('../layouts/StoreLayout.tsx').then((module) => ({ default: module.StoreLayout })));
const PortalLayout = lazy(() => import('../layouts/PortalLayout.tsx').then((module) => ({ default: module.PortalLayout })));

function childrenOf(layout: LayoutKey): RouteObject[] {
  return (Object.entries(PAGES) as [RoutePath, PageDef][])
    .filter(([, def]) => def.layout === layout)
    .map(([path, def]) => ({ path, element: <def.Page />, handle: { title: def.title } }));
}

/**
 * One route per path, grouped by the layout that frames it. There is no fallback redirect
 * (docs/product/access-and-routes.md#screens): an unknown path renders the 404 page where it is.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { element: <AuthLayout />, children: childrenOf('auth') },
          {
            element: <AppLayout />,
            children: [
              ...childrenOf('app'),
              { element: <AccountLayout />, children: childrenOf('account') },
              { element: <StoreLayout />, children: childrenOf('store') },
            ],
          },
          { element: <PortalLayout kind="portal" />, children: childrenOf('portal') },
          { element: <PortalLayout kind="credentials" />, children: childrenOf('credentials') },
          // Public pages bring their own frame: they show the issuer, not the signed-in user.
          { element: <Outlet />, children: childrenOf('public') },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
    ],
  },
];

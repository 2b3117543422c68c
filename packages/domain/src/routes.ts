import { TWO_FACTOR_PATH } from './api/two-factor.ts';
import { type AccessUser, landingPath, primaryRole } from './roles.ts';

/** Every client route of docs/product/access-and-routes.md#screens. Patterns use `:name` for parameters. */
export const ROUTES = {
  home: ['/', '/login'],
  account: [
    '/account',
    '/account/single-sign-on',
    '/api-integrations',
    '/api-integrations/reference',
    '/account/subscription',
    '/account/automatic-purchases',
    '/account/billing-history',
    '/account/billing-redirect',
    '/account/billing-information',
    '/account/billing-subscriptions',
    '/account/email-settings',
    '/account/purchase-credits',
    '/account/updates',
    '/account/two-factored-authentication',
    '/account/delete',
    '/account/manage-users',
    '/account/configure-portal-settings',
  ],
  admin: [
    '/admin/build',
    '/admin/build/backgrounds',
    '/admin/build/images',
    '/admin/build/mappings',
    '/admin/build/mappings/create',
    '/admin/build/mappings/:id',
    '/admin/accounts',
    '/admin/accounts/settings',
    '/admin/outbox',
    '/admin/outbox/:id',
    '/admin/activity',
    '/credits',
    '/subscriptions',
    '/announcements',
    '/resend-attempts',
    '/projects',
    '/custom-domains',
    '/payg-log',
    '/promo-codes',
  ],
  /** The builder's own screens: the set list, templates, purchase, the editor and the email editor. */
  builder: ['/build/new', '/build/purchase', '/build/:id', '/build/:id/email', '/admin/build/:id', '/admin/build/:id/email'],
  main: [
    '/build',
    '/dashboard',
    '/send',
    '/send/:id/send',
    '/store',
    '/store/projects/:id',
    '/store/projects/:id/email',
    '/store/recipients',
    '/store/search',
    '/store/history',
    '/store/history/:id',
  ],
  portal: ['/portal', '/portal/set-password', '/portal/login', '/portal/register', '/portal/certificates'],
  credentials: ['/credentials', '/credentials/login'],
  registration: ['/register', '/register/success'],
  password: ['/user/confirm/:code', '/user/reset/:code'],
  /** A recipient's certificate and its verification: public, by unguessable token. */
  certificate: ['/c/:token', '/verify'],
  /** A recipient's email preferences for one issuer, from the footer of a certificate email: public, by token. */
  preferences: ['/preferences/:token'],
  /** The privacy policy every certificate email links to, and the terms of service: public. */
  legal: ['/privacy', '/terms'],
} as const;

/** Super-admin screens that live outside /admin (docs/product/access-and-routes.md#screens). */
const ADMIN_TOP_LEVEL = [
  '/credits',
  '/subscriptions',
  '/announcements',
  '/resend-attempts',
  '/projects',
  '/custom-domains',
  '/payg-log',
  '/promo-codes',
];

/**
 * The account's billing screens (docs/product/billing-and-credits.md#who-may-do-what): billing is the account admin's, the
 * server refuses a sub-user every billing call, so a sub-user is not shown these screens either.
 */
export const BILLING_PATHS = [
  '/account/subscription',
  '/account/billing-subscriptions',
  '/account/purchase-credits',
  '/account/automatic-purchases',
  '/account/billing-information',
  '/account/billing-history',
  '/account/billing-redirect',
] as const;

export function isBillingPath(path: string): boolean {
  return BILLING_PATHS.some((p) => startsWithSegment(path, p));
}

export function isAdminPath(path: string): boolean {
  return startsWithSegment(path, '/admin') || ADMIN_TOP_LEVEL.some((p) => startsWithSegment(path, p));
}

/** True when `path` is `prefix` or below it (`/portal` matches `/portal/login`, not `/portalx`). */
export function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export interface RouteContext {
  path: string;
  /** null when signed out. */
  user: AccessUser | null;
  /** The request came to an account's portal host (subdomain or custom domain). */
  onPortalHost: boolean;
  /** That portal is a credentials portal. */
  credentialsPortal?: boolean;
}

const PUBLIC_PATHS = [
  '/c',
  '/verify',
  '/preferences',
  '/privacy',
  '/terms',
  '/portal/login',
  '/portal/register',
  '/portal/set-password',
  '/credentials/login',
  '/user/confirm',
  '/user/reset',
  '/register',
];
const PORTAL_HOST_PATHS = ['/portal', '/user/confirm', '/user/reset', '/credentials/login'];
const ROLELESS_PATHS = [
  '/c',
  '/verify',
  '/preferences',
  '/privacy',
  '/terms',
  '/register',
  '/portal',
  '/credentials',
  '/user/confirm',
  '/user/reset',
];

/**
 * On a portal host only portal, confirm, reset and credentials-login paths exist; everything else
 * goes to the portal (or the credentials portal). The server applies this to page requests too.
 */
export function portalHostRedirect(path: string, credentialsPortal: boolean): string | null {
  const allowed = [...PORTAL_HOST_PATHS, ...(credentialsPortal ? ['/credentials'] : [])];
  return allowed.some((p) => startsWithSegment(path, p)) ? null : credentialsPortal ? '/credentials' : '/portal';
}

/**
 * The redirect rules of docs/product/access-and-routes.md#screens, as one pure function shared by the client's route guard and the
 * server. Returns the path to go to, or null to stay.
 */
export function routeRedirect({ path, user, onPortalHost, credentialsPortal = false }: RouteContext): string | null {
  if (onPortalHost) {
    const redirect = portalHostRedirect(path, credentialsPortal);
    if (redirect) return redirect;
  }

  if (!user) {
    if (path === '/' || path === '/login') return null;
    if (PUBLIC_PATHS.some((p) => startsWithSegment(path, p))) return null;
    if (startsWithSegment(path, '/portal')) return '/portal/login';
    if (startsWithSegment(path, '/credentials')) return '/credentials/login';
    return '/login';
  }

  const role = primaryRole(user);
  if (!role) {
    return ROLELESS_PATHS.some((p) => startsWithSegment(path, p)) ? null : '/register';
  }

  // Until the user turns on the two-factor authentication their account requires, only its screen opens.
  if (user.two_factor_setup_required) return path === TWO_FACTOR_PATH ? null : TWO_FACTOR_PATH;
  if (path === '/' || path === '/login' || startsWithSegment(path, '/register')) return landingPath(user);
  if (isAdminPath(path) && role !== 'global_admin') return landingPath(user);
  if (isBillingPath(path) && role === 'account_user') return '/account';
  return null;
}

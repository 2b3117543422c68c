import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { accounts } from '../db/schema.ts';
import { customDomainAccount } from '../modules/custom-domains/index.ts';

/** Which portal, if any, a request's host belongs to (docs/product/recipient-portal.md#rules-and-limits: portal address = account url + host). */
export interface HostInfo {
  onPortalHost: boolean;
  credentialsPortal: boolean;
  account: { id: number; name: string; url: string; imagepath: string | null } | null;
}

/** Host names that serve the product itself, never an account's portal. */
const SYSTEM_SUBDOMAINS = new Set(['www', 'app', 'api']);

export const MAIN_HOST: HostInfo = { onPortalHost: false, credentialsPortal: false, account: null };

const appHost = (context: AppContext) => new URL(context.env.PUBLIC_URL).hostname.toLowerCase();

export async function resolveHost(context: AppContext, hostHeader: string | undefined): Promise<HostInfo> {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
  const base = context.env.BASE_DOMAIN.toLowerCase();
  // The app's own host is known without asking the database (health checks keep answering while it is away).
  if (host === base || host === appHost(context)) return MAIN_HOST;
  if (!host.endsWith(`.${base}`)) {
    // Any other host may be an account's own domain (kept in memory: no query per request).
    const custom = await customDomainAccount(context, host);
    return custom ? { onPortalHost: true, credentialsPortal: false, account: custom } : MAIN_HOST;
  }
  const sub = host.slice(0, -(base.length + 1));
  if (!sub || sub.includes('.') || SYSTEM_SUBDOMAINS.has(sub)) return MAIN_HOST;
  if (sub === 'credentials') return { onPortalHost: true, credentialsPortal: true, account: null };
  const [account] = await context.db
    .select({ id: accounts.id, name: accounts.name, url: accounts.url, imagepath: accounts.imagepath })
    .from(accounts)
    .where(and(eq(accounts.url, sub), isNull(accounts.deleted_at)));
  // An unknown subdomain is still a portal address: it shows the portal's invalid-account screen.
  return { onPortalHost: true, credentialsPortal: false, account: account ?? null };
}

/** The only API paths a portal host answers (docs/product/access-and-routes.md#screens subdomain rule, enforced here). */
const PORTAL_HOST_API = [
  '/api/config',
  '/api/auth/current',
  '/api/auth/csrf',
  '/api/auth-portal',
  '/api/portal',
  '/api/recipient-portal',
  '/api/recipient-exists',
  '/api/credentials',
  '/api/confirm',
  '/api/reset',
  '/api/users/confirm/password',
  '/api/users/portal-forgot',
  '/api/users/show/modal/update-system',
  '/api/first-time',
  // A social sign-in begun on the credentials portal hands its session over there.
  '/api/sso/handover',
  '/api/recipients/update-memo',
  '/api/users/delete-portal-user',
  '/api/users/change-portal-user-name',
  '/api/openapi.json',
  '/api/accounts/portal/account',
  '/api/user/pagination',
  '/api/files',
];

/**
 * The credentials portal signs in with the main sign-in (its second factors included), which an
 * account's portal does not use (it has `auth-portal`), and keeps its holder's page size.
 */
const CREDENTIALS_HOST_API = ['/api/auth', '/api/users/send-2fa-confirmation-code', '/api/user/pagination'];

export function isAllowedOnPortalHost(apiPath: string, credentialsPortal = false): boolean {
  const allowed = credentialsPortal ? [...PORTAL_HOST_API, ...CREDENTIALS_HOST_API] : PORTAL_HOST_API;
  return allowed.some((p) => apiPath === p || apiPath.startsWith(`${p}/`));
}

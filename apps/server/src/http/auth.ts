import {
  type AccessUser,
  type CallDefinition,
  MESSAGES,
  primaryRole,
  type RoleName,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATH,
} from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { resolveSession, type SessionRow, type UserRow } from '../modules/auth/index.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import { type HostInfo, isAllowedOnPortalHost, resolveHost } from './host.ts';

export interface Auth {
  user: UserRow;
  session: SessionRow;
  token: string;
  /** The account requires two-factor authentication and this user has not turned it on yet. */
  twoFactorSetupRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    sessionExpired: boolean;
    hostInfo: HostInfo;
  }
}

/** The token travels in the `Authentication` header (docs/product/sign-in-and-sessions.md#calls); a `Bearer ` prefix is accepted too. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authentication ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}

/** Resolves host and session for every API request before any route runs. */
export function registerAuth(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('hostInfo', null as unknown as HostInfo);
  app.addHook('onRequest', async (request) => {
    request.hostInfo = await resolveHost(context, request.headers.host);
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/')) return;
    if (request.hostInfo.onPortalHost && !isAllowedOnPortalHost(path, request.hostInfo.credentialsPortal)) throw notFound();
    const token = readToken(request);
    if (!token) return;
    const lookup = await resolveSession(context, token);
    if (lookup.status === 'valid')
      request.auth = { user: lookup.user, session: lookup.session, token, twoFactorSetupRequired: lookup.twoFactorSetupRequired };
    else request.sessionExpired = lookup.status === 'expired';
  });
}

/** The signed-in user, or 401 (which opens the client's re-login modal). */
export function requireAuth(request: FastifyRequest): Auth {
  if (request.auth) return request.auth;
  throw request.sessionExpired
    ? unauthorized(MESSAGES.sessionExpired, { error_type: 'session_expired' })
    : unauthorized('Please sign in to continue.', { error_type: 'unauthenticated' });
}

/**
 * The signed-in user in a session of their own. How a person signs in (password, email, second
 * factor) and whether their account exists are theirs to change: an admin acting as them gets 403.
 */
export function requireOwnSession(request: FastifyRequest): Auth {
  const auth = requireAuth(request);
  if (auth.session.impersonator_id !== null) throw forbidden(MESSAGES.notWhileActing, { error_type: 'impersonating' });
  return auth;
}

/**
 * Until a user turns on the two-factor authentication their account requires, only the calls marked
 * `beforeTwoFactor` (reading the session, enrolling, signing out) are open to their session.
 */
export function assertTwoFactorSatisfied(request: FastifyRequest, call: CallDefinition): void {
  if (!request.auth?.twoFactorSetupRequired || call.access === 'public' || call.beforeTwoFactor) return;
  throw forbidden(TWO_FACTOR_MESSAGES.required, { error_type: 'two_factor_required', redirect: TWO_FACTOR_PATH });
}

/** A stored user as the shared access rules read it (roles are stored as plain names). */
export function accessUser(user: UserRow): AccessUser {
  return { ...user, roles: user.roles.map((name) => ({ name })) };
}

/** The signed-in user with one of the given roles, or 403. */
export function requireRole(request: FastifyRequest, roles: readonly RoleName[]): Auth {
  const auth = requireAuth(request);
  const role = primaryRole(accessUser(auth.user));
  if (!role || !roles.includes(role)) throw forbidden();
  return auth;
}

/** A user of an account (admin or sub-user); global admins pass only with an account of their own. */
export function requireAccountMember(request: FastifyRequest): Auth & { accountId: number } {
  const auth = requireRole(request, ['global_admin', 'account_admin', 'account_user']);
  if (auth.user.account_id === null) throw forbidden();
  return { ...auth, accountId: auth.user.account_id };
}

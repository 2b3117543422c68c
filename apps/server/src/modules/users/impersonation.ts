import { impersonationLandingPath, type LoginResponse, landingPath, MESSAGES, mayManageUsers } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, users } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { createSession, revokeSession } from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from './presenter.ts';

/**
 * Acting as another user: a new session for the target that remembers who opened it, so the admin
 * can switch back (`/api/users/impersonate-reset`). Super-admins may act as anyone; an account admin
 * only as a sub-user of their own account. Anyone else's id is a 404.
 */
export async function impersonate(
  context: AppContext,
  actor: Auth,
  targetId: number,
  scope: 'any' | 'own-account',
  ip: string,
): Promise<LoginResponse> {
  const conditions = [eq(users.id, targetId)];
  if (scope === 'own-account') conditions.push(eq(users.account_id, actor.user.account_id ?? -1));
  const [target] = await context.db
    .select()
    .from(users)
    .where(and(...conditions));
  if (!target || (scope === 'own-account' && target.roles[0] !== 'account_user')) throw notFound();
  if (scope === 'own-account') {
    // Acting as a sub-user is part of managing users: the plan must allow it (docs/product/account.md#who-may-do-what).
    const [account] = await context.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, target.account_id ?? -1));
    if (!account || !mayManageUsers(account, context.clock.now()))
      throw forbidden(MESSAGES.notAllowed, { redirect: '/account/subscription' });
    if (!target.active) throw badRequest('This user is deactivated: activate them first.');
  }
  if (target.id === actor.user.id) throw badRequest('You are already signed in as this user.');
  if (target.banned) throw badRequest('This user is banned.');
  const adminId = actor.session.impersonator_id ?? actor.user.id;
  const token = await createSession(context, context.db, { userId: target.id, impersonatorId: adminId, ip });
  await audit(context, {
    action: 'user.impersonated',
    userId: target.id,
    accountId: target.account_id,
    actorId: adminId,
    ip,
    details: { scope },
  });
  const user = await loadUserDto(context, target, adminId);
  const location = scope === 'own-account' ? impersonationLandingPath(user) : landingPath(user);
  return { token, require_action: null, user, location };
}

/** Ends an impersonation: a fresh session in the admin's own name, and the acting session ends. */
export async function endImpersonation(context: AppContext, auth: Auth, ip: string, userAgent: string | undefined): Promise<LoginResponse> {
  const adminId = auth.session.impersonator_id;
  if (!adminId) throw badRequest('You are not acting as another user.');
  const [admin] = await context.db.select().from(users).where(eq(users.id, adminId));
  if (!admin || admin.banned || !admin.active) throw badRequest('The original user can no longer sign in.');
  const token = await createSession(context, context.db, { userId: admin.id, ip, userAgent });
  await revokeSession(context, auth.session.id);
  await audit(context, {
    action: 'user.impersonation_ended',
    userId: auth.user.id,
    accountId: auth.user.account_id,
    actorId: admin.id,
    ip,
  });
  const user = await loadUserDto(context, admin);
  return { token, require_action: null, user, location: landingPath(user) };
}

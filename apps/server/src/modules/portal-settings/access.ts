import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { requireRole } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { assertFeature } from '../billing/index.ts';

/**
 * The admin of the signed-in user's own account (a super-admin acting as them included): the portal is
 * the account's public face, so only its admins shape it; sub-users have no part in it.
 */
export function requirePortalAdmin(request: FastifyRequest) {
  const auth = requireRole(request, ['account_admin']);
  if (auth.user.account_id === null) throw forbidden();
  return { ...auth, accountId: auth.user.account_id };
}

export async function loadAccount(context: AppContext, accountId: number) {
  const [account] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at)));
  if (!account) throw notFound();
  return account;
}

/** Changing anything about the portal's look needs a plan with portal customisation (docs/product/recipient-portal.md#who-may-do-what). */
export async function customisableAccount(context: AppContext, accountId: number) {
  const account = await loadAccount(context, accountId);
  assertFeature(account, 'portal_customisation', context.clock.now());
  return account;
}

import { MAX_TEAM_USERS, maxActiveTeamUsers, mayManageUsers, primaryRole, TEAM_MESSAGES } from '@laurel/domain';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { type Auth, accessUser, requireAuth } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

type AccountRow = typeof accounts.$inferSelect;
export type TeamAdmin = Auth & { accountId: number };

/** Managing users is for the account's admins (docs/product/roles-and-sub-users.md#who-may-do-what "non-account_user roles"); anyone else is told so. */
export function requireTeamAdmin(request: FastifyRequest): TeamAdmin {
  const auth = requireAuth(request);
  const role = primaryRole(accessUser(auth.user));
  if ((role !== 'account_admin' && role !== 'global_admin') || auth.user.account_id === null) throw forbidden(TEAM_MESSAGES.notAllowed);
  return { ...auth, accountId: auth.user.account_id };
}

export async function findAccount(db: Db, accountId: number): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

/** The account, its row locked: limits and credit pools are read and kept under this lock. */
export async function lockAccount(tx: Db, accountId: number): Promise<AccountRow> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!account) throw notFound();
  return account;
}

/** Adding, editing, activating, acting as and moving work between users need the plan's (or the running trial's) permission. */
export function assertPlanAllows(account: AccountRow, now: Date): void {
  if (!mayManageUsers(account, now)) throw forbidden(TEAM_MESSAGES.notAllowed, { redirect: '/account/subscription' });
}

/** A sub-user of the account; the admin, another account's user or no user at all is a 404. */
export async function findSubUser(tx: Db, accountId: number, userId: number) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.account_id, accountId), sql`${users.roles}[1] = 'account_user'`));
  if (!user) throw notFound();
  return user;
}

/** Any user of the account, admin included (a transfer may go to or from the admin). */
export async function findAccountUser(tx: Db, accountId: number, where: { id: number } | { email: string }) {
  const match = 'id' in where ? eq(users.id, where.id) : eq(users.email, where.email);
  const [user] = await tx
    .select()
    .from(users)
    .where(and(match, eq(users.account_id, accountId)));
  if (!user) throw notFound();
  return user;
}

export async function teamCounts(tx: Db, accountId: number, exceptUserId = -1) {
  const [row] = await tx
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${users.active})::int`,
    })
    .from(users)
    .where(and(eq(users.account_id, accountId), sql`${users.roles}[1] = 'account_user'`, ne(users.id, exceptUserId)));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}

/** One more active sub-user must fit the plan's limits (docs/product/roles-and-sub-users.md#who-may-do-what, docs/product/roles-and-sub-users.md#rules-and-limits); `adding` counts a new row too. */
export async function assertRoomForActiveUser(tx: Db, account: AccountRow, options: { adding: boolean; exceptUserId?: number; now: Date }) {
  const counts = await teamCounts(tx, account.id, options.exceptUserId);
  if (options.adding && counts.total >= MAX_TEAM_USERS) throw badRequest(TEAM_MESSAGES.maxUsers, { error_type: 'max_users' });
  if (counts.active >= maxActiveTeamUsers(account, options.now))
    throw badRequest(TEAM_MESSAGES.activeLimit(counts.active), { error_type: 'max_active_users' });
}

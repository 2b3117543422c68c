import {
  type AccountUserCreateFields,
  type AccountUserDto,
  type AccountUserFields,
  type AccountUsersPage,
  MAX_TEAM_USERS,
  MESSAGES,
  maxActiveTeamUsers,
  mayManageUsers,
  primaryRole,
} from '@laurel/domain';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, certificateSets, projects, users } from '../../db/schema.ts';
import { type Auth, accessUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { assertPlanAllows, assertRoomForActiveUser, findSubUser, lockAccount, type TeamAdmin, teamCounts } from './access.ts';
import { checkedCreditSettings, creditPools } from './credit-pools.ts';
import { sendInvitation } from './invitation.ts';
import { presentAccountUser } from './presenter.ts';

type Fields = AccountUserFields;

/**
 * An account's users, newest first, with what the admin may still do: an account admin reads their own
 * account, a super-admin any; another account is a 404 and a sub-user is told 'Action not allowed'.
 */
export async function listAccountUsers(
  context: AppContext,
  auth: Auth,
  accountId: number,
  page: { page: number; limit: number },
): Promise<AccountUsersPage> {
  const role = primaryRole(accessUser(auth.user));
  if (role !== 'global_admin' && role !== 'account_admin') throw forbidden(MESSAGES.notAllowed);
  if (role === 'account_admin' && auth.user.account_id !== accountId) throw notFound();
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  const rows = await context.db
    .select()
    .from(users)
    .where(eq(users.account_id, accountId))
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await context.db.select({ n: count() }).from(users).where(eq(users.account_id, accountId));
  const counts = await teamCounts(context.db, accountId);
  const pools = await creditPools(context.db, account);
  const now = context.clock.now();
  return {
    data: rows.map(presentAccountUser),
    total: Number(total?.n ?? 0),
    page: page.page,
    limit: page.limit,
    limits: {
      may_manage: mayManageUsers(account, now),
      active_users: counts.active,
      max_active_users: maxActiveTeamUsers(account, now),
      total_users: counts.total,
      max_users: MAX_TEAM_USERS,
      credit_pool: pools.credit,
      refill_pool: pools.refill,
    },
  };
}

/** The chosen sets and colleagues must be the account's own (docs/product/roles-and-sub-users.md#rules-and-limits); "all" clears the lists. */
async function checkedChoices(tx: Db, accountId: number, input: Fields, selfId = -1) {
  const setIds = input.allow_all_certificate_sets ? [] : [...new Set(input.allowed_certificate_sets)];
  if (setIds.length) {
    const found = await tx
      .select({ id: certificateSets.id })
      .from(certificateSets)
      .where(and(eq(certificateSets.account_id, accountId), inArray(certificateSets.id, setIds), isNull(certificateSets.deleted_at)));
    if (found.length !== setIds.length) throw badRequest('Choose certificate sets of this account.', { field: 'allowed_certificate_sets' });
  }
  const userIds = input.allow_all_users_projects ? [] : [...new Set(input.allowed_users)];
  if (userIds.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.account_id, accountId), inArray(users.id, userIds), ne(users.id, selfId)));
    if (found.length !== userIds.length) throw badRequest('Choose users of this account.', { field: 'allowed_users' });
  }
  return { allowed_certificate_sets: setIds, allowed_users: userIds };
}

const rights = (input: Fields) => ({
  allow_certificate_set_create: input.allow_certificate_set_create,
  allow_certificate_set_edits: input.allow_certificate_set_edits,
  allow_certificate_email_edits: input.allow_certificate_email_edits,
  allow_all_certificate_sets: input.allow_all_certificate_sets,
  allow_all_users_projects: input.allow_all_users_projects,
});

const isEmailTaken = (error: unknown) =>
  /users_email_unique/.test(String((error as Error).message) + String((error as { cause?: Error }).cause?.message));

/**
 * Adds a sub-user with no password and mails them the invitation. Emails are unique across the product
 * (one sign-in per address), so an address already in use anywhere is refused.
 */
export async function addAccountUser(
  context: AppContext,
  admin: TeamAdmin,
  input: AccountUserCreateFields,
  ip: string,
): Promise<AccountUserDto> {
  const email = input.email;
  const now = context.clock.now();
  try {
    return await context.db.transaction(async (tx) => {
      const account = await lockAccount(tx as Db, admin.accountId);
      assertPlanAllows(account, context.clock.now());
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw badRequest(MESSAGES.userExists, { error_type: 'user_exist', field: 'email' });
      await assertRoomForActiveUser(tx as Db, account, { adding: true, now: context.clock.now() });
      const choices = await checkedChoices(tx as Db, account.id, input);
      const credits = await checkedCreditSettings(tx as Db, account, input, { allocationChanged: true });
      const [user] = await tx
        .insert(users)
        .values({
          account_id: account.id,
          email,
          username: email,
          first_name: input.first_name,
          last_name: input.last_name,
          roles: ['account_user'],
          ...rights(input),
          ...choices,
          ...credits,
          original_allocated_credits: credits.allocated_credits,
          created_by: admin.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await sendInvitation(context, tx as Db, admin, user!);
      await audit(
        context,
        { action: 'team.user_added', userId: user!.id, accountId: account.id, actorId: admin.user.id, ip, details: { email } },
        tx as Db,
      );
      return presentAccountUser(user!);
    });
  } catch (error) {
    // Two additions raced for the same address: the unique index decided.
    if (isEmailTaken(error)) throw badRequest(MESSAGES.userExists, { error_type: 'user_exist', field: 'email' });
    throw error;
  }
}

/** Changes a sub-user's names, rights and credits; an unchanged allocation keeps what is left of it. */
export async function updateAccountUser(
  context: AppContext,
  admin: TeamAdmin,
  userId: number,
  input: Fields,
  ip: string,
): Promise<AccountUserDto> {
  return context.db.transaction(async (tx) => {
    const account = await lockAccount(tx as Db, admin.accountId);
    const user = await findSubUser(tx as Db, account.id, userId);
    assertPlanAllows(account, context.clock.now());
    const choices = await checkedChoices(tx as Db, account.id, input, user.id);
    const allocationChanged = input.allocated_credits !== user.allocated_credits;
    const credits = await checkedCreditSettings(tx as Db, account, input, {
      exceptUserId: user.id,
      allocationChanged,
    });
    const [updated] = await tx
      .update(users)
      .set({
        first_name: input.first_name,
        last_name: input.last_name,
        ...rights(input),
        ...choices,
        ...credits,
        ...(allocationChanged ? { original_allocated_credits: credits.allocated_credits } : {}),
        updated_at: context.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await audit(
      context,
      {
        action: 'team.user_updated',
        userId: user.id,
        accountId: account.id,
        actorId: admin.user.id,
        ip,
        details: { ...rights(input), ...choices, ...credits },
      },
      tx as Db,
    );
    return presentAccountUser(updated!);
  });
}

/**
 * Deletes a sub-user. Their projects stay with the account and pass to the admin who deleted them (a
 * project always has an owner someone can see); colleagues who were shown their projects no longer
 * list them. Allowed whatever the plan, so an account that lost the plan can still tidy up.
 */
export async function deleteAccountUser(context: AppContext, admin: TeamAdmin, userId: number, ip: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const account = await lockAccount(tx as Db, admin.accountId);
    const user = await findSubUser(tx as Db, account.id, userId);
    const moved = await tx
      .update(projects)
      .set({ user_id: admin.user.id })
      .where(and(eq(projects.account_id, account.id), eq(projects.user_id, user.id)))
      .returning({ id: projects.id });
    await tx
      .update(users)
      .set({ allowed_users: sql`array_remove(${users.allowed_users}, ${user.id})` })
      .where(eq(users.account_id, account.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await audit(
      context,
      {
        action: 'team.user_deleted',
        userId: user.id,
        accountId: account.id,
        actorId: admin.user.id,
        ip,
        details: { email: user.email, projects_to: admin.user.id, projects: moved.length },
      },
      tx as Db,
    );
  });
}

/**
 * Activates or deactivates a sub-user. Activating needs the plan and room under its active-user limit;
 * deactivating is always allowed and signs the user out everywhere.
 */
export async function setActive(
  context: AppContext,
  admin: TeamAdmin,
  userId: number,
  active: boolean,
  ip: string,
): Promise<AccountUserDto> {
  return context.db.transaction(async (tx) => {
    const account = await lockAccount(tx as Db, admin.accountId);
    const user = await findSubUser(tx as Db, account.id, userId);
    if (active && !user.active) {
      assertPlanAllows(account, context.clock.now());
      await assertRoomForActiveUser(tx as Db, account, { adding: false, exceptUserId: user.id, now: context.clock.now() });
    }
    const [updated] = await tx.update(users).set({ active, updated_at: context.clock.now() }).where(eq(users.id, user.id)).returning();
    if (!active) await revokeUserSessions(context, tx as Db, user.id);
    await audit(
      context,
      {
        action: active ? 'team.user_activated' : 'team.user_deactivated',
        userId: user.id,
        accountId: account.id,
        actorId: admin.user.id,
        ip,
      },
      tx as Db,
    );
    return presentAccountUser(updated!);
  });
}

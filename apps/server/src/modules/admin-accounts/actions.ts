import { ADMIN_ACCOUNT_MESSAGES, EDITABLE_NOTIFY_DAYS, NOTIFY_DAYS } from '@laurel/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { hashPassword, revokeUserSessions, serverPasswordProblem } from '../auth/index.ts';
import { audit } from '../system/index.ts';

/** The super-admin acting, and from where: every action here is written to the audit log with them. */
export interface Actor {
  id: number;
  accountId: number | null;
  ip: string;
}

type AccountRow = typeof accounts.$inferSelect;

/** A live account, locked for the change that follows (deleted accounts are a 404). */
async function lockedAccount(tx: Db, accountId: number): Promise<AccountRow> {
  const [account] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at)))
    .for('update');
  if (!account) throw notFound();
  return account;
}

async function userOf(tx: Db, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/** Days 10, 80, 87 and 89 follow the request; 7 and 13 keep what the account has (docs/product/super-admin.md#rules-and-limits). */
export async function setNotifyDays(context: AppContext, actor: Actor, accountId: number, requested: number[]): Promise<number[]> {
  const editable = EDITABLE_NOTIFY_DAYS as readonly number[];
  if (requested.some((day) => !editable.includes(day))) throw badRequest(ADMIN_ACCOUNT_MESSAGES.notEditableDay, { field: 'notify_days' });
  return context.db.transaction(async (tx) => {
    const account = await lockedAccount(tx as Db, accountId);
    const next = NOTIFY_DAYS.filter((day) => (editable.includes(day) ? requested.includes(day) : account.notify_days.includes(day)));
    await tx.update(accounts).set({ notify_days: next, updated_at: context.clock.now() }).where(eq(accounts.id, accountId));
    await audit(
      context,
      { action: 'account.notify_days', accountId, actorId: actor.id, ip: actor.ip, details: { from: account.notify_days, to: next } },
      tx as Db,
    );
    return next;
  });
}

export async function setRecipientsNoLogin(context: AppContext, actor: Actor, accountId: number, on: boolean): Promise<void> {
  await context.db.transaction(async (tx) => {
    const account = await lockedAccount(tx as Db, accountId);
    await tx.update(accounts).set({ recipients_no_login: on, updated_at: context.clock.now() }).where(eq(accounts.id, accountId));
    await audit(
      context,
      {
        action: 'account.recipients_no_login',
        accountId,
        actorId: actor.id,
        ip: actor.ip,
        details: { from: account.recipients_no_login, to: on },
      },
      tx as Db,
    );
  });
}

/** The trial counts 14 days from `trial_started_at`; restarting it moves that to now. */
export async function resetFreeTrial(context: AppContext, actor: Actor, accountId: number): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const account = await lockedAccount(tx as Db, accountId);
    await tx.update(accounts).set({ trial_started_at: now, updated_at: now }).where(eq(accounts.id, accountId));
    await audit(
      context,
      {
        action: 'account.trial_reset',
        accountId,
        actorId: actor.id,
        ip: actor.ip,
        details: { from: account.trial_started_at.toISOString(), to: now.toISOString() },
      },
      tx as Db,
    );
  });
}

/**
 * A ban closes the account to its users: the account and each of its users are marked, and every
 * open session of theirs ends now (they could not sign in again anyway). Unbanning lifts both marks.
 */
export async function banAccount(context: AppContext, actor: Actor, accountId: number, ban: boolean): Promise<void> {
  if (ban && actor.accountId === accountId) throw badRequest(ADMIN_ACCOUNT_MESSAGES.ownAccount);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await lockedAccount(tx as Db, accountId);
    await tx.update(accounts).set({ is_banned: ban, updated_at: now }).where(eq(accounts.id, accountId));
    const members = await tx
      .update(users)
      .set({ banned: ban, updated_at: now })
      .where(eq(users.account_id, accountId))
      .returning({ id: users.id });
    if (ban && members.length)
      await tx
        .update(sessions)
        .set({ revoked_at: now })
        .where(
          and(
            isNull(sessions.revoked_at),
            inArray(
              sessions.user_id,
              members.map((m) => m.id),
            ),
          ),
        );
    await audit(
      context,
      {
        action: ban ? 'account.banned' : 'account.unbanned',
        accountId,
        actorId: actor.id,
        ip: actor.ip,
        details: { users: members.length },
      },
      tx as Db,
    );
  });
}

/** A new password set for the user; the password rules are the same as everyone's, and their sessions end. */
export async function changeUserPassword(context: AppContext, actor: Actor, userId: number, password: string): Promise<void> {
  const problem = await serverPasswordProblem(password);
  if (problem) throw badRequest(problem, { field: 'password' });
  const hash = await hashPassword(password);
  await context.db.transaction(async (tx) => {
    const user = await userOf(tx as Db, userId);
    await tx.update(users).set({ password_hash: hash, updated_at: context.clock.now() }).where(eq(users.id, userId));
    await revokeUserSessions(context, tx as Db, userId);
    await audit(
      context,
      { action: 'user.password_set_by_admin', accountId: user.account_id, userId, actorId: actor.id, ip: actor.ip },
      tx as Db,
    );
  });
}

export async function confirmUser(context: AppContext, actor: Actor, userId: number): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const user = await userOf(tx as Db, userId);
    if (user.confirmed_at) throw badRequest(ADMIN_ACCOUNT_MESSAGES.alreadyConfirmed);
    await tx.update(users).set({ confirmed_at: now, updated_at: now }).where(eq(users.id, userId));
    await audit(
      context,
      {
        action: 'user.confirmed_by_admin',
        accountId: user.account_id,
        userId,
        actorId: actor.id,
        ip: actor.ip,
        details: { email: user.email },
      },
      tx as Db,
    );
  });
}

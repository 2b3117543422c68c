import { SESSION_ABSOLUTE_LIMIT_MS, SESSION_IDLE_LIMIT_MS, twoFactorSetupRequired } from '@laurel/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../secrets.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Writing last_seen_at on every request would turn reads into writes; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** Issues a new token (256 random bits); only its hash is stored. */
export async function createSession(
  context: AppContext,
  tx: Db,
  input: { userId: number; impersonatorId?: number | null; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomToken();
  const now = context.clock.now();
  await tx.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: input.userId,
    impersonator_id: input.impersonatorId ?? null,
    created_at: now,
    last_seen_at: now,
    ip: input.ip ?? null,
    user_agent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export type SessionLookup =
  | { status: 'valid'; session: SessionRow; user: UserRow; twoFactorSetupRequired: boolean }
  | { status: 'expired' }
  | { status: 'invalid' };

/**
 * Resolves a bearer token; a session idle for 30 minutes is over, here as on the client, and so is
 * one signed in 12 hours ago, however active.
 */
export async function resolveSession(context: AppContext, token: string): Promise<SessionLookup> {
  const [row] = await context.db
    .select({
      session: sessions,
      user: users,
      accountRequiresTwoFactor: accounts.require_two_factor,
      accountDeletedAt: accounts.deleted_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), isNull(sessions.revoked_at)));
  if (!row) return { status: 'invalid' };
  const now = context.clock.now();
  const idle = now.getTime() - row.session.last_seen_at.getTime();
  const age = now.getTime() - row.session.created_at.getTime();
  if (idle >= SESSION_IDLE_LIMIT_MS || age >= SESSION_ABSOLUTE_LIMIT_MS) {
    await context.db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, row.session.id));
    return { status: 'expired' };
  }
  // A deleted account's sessions were ended with it; this also catches one opened in the same instant.
  if (row.user.banned || !row.user.active || row.accountDeletedAt) {
    await context.db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, row.session.id));
    return { status: 'invalid' };
  }
  if (idle >= TOUCH_INTERVAL_MS) {
    await context.db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, row.session.id));
  }
  const setupRequired = twoFactorSetupRequired({
    roles: row.user.roles,
    enabled: row.user.two_factor_enabled_at !== null,
    accountRequires: row.accountRequiresTwoFactor ?? false,
    impersonated: row.session.impersonator_id !== null,
  });
  return { status: 'valid', session: row.session, user: row.user, twoFactorSetupRequired: setupRequired };
}

export async function revokeSession(context: AppContext, sessionId: number): Promise<void> {
  await context.db.update(sessions).set({ revoked_at: context.clock.now() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, ban), except the one given. */
export async function revokeUserSessions(context: AppContext, tx: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await tx
    .update(sessions)
    .set({ revoked_at: context.clock.now() })
    .where(and(...conditions));
}

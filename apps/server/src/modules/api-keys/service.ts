import { API_KEY_LIFETIME_MONTHS, API_KEY_MESSAGES, type ApiKeySummary, canSend, primaryRole } from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, apiKeys, users } from '../../db/schema.ts';
import { accessUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { hashToken, randomToken } from '../../secrets.ts';
import { audit } from '../system/index.ts';

type UserRow = typeof users.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Every key starts so: secret scanners and people both recognise it, and the screen shows the prefix. */
const KEY_START = 'lrl_live_';
/** The visible prefix: the fixed start and eight characters of the secret (48 bits, enough to tell keys apart). */
const PREFIX_LENGTH = KEY_START.length + 8;
/** last_used_at is written at most once a minute per key: a busy integration does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who may hold a key: account admins, and team members who may send (a key is for issuing certificates). */
export function assertMayHoldKey(user: UserRow): void {
  const role = primaryRole(accessUser(user));
  const allowed = user.account_id !== null && (role === 'account_admin' || (role === 'account_user' && canSend(accessUser(user))));
  if (!allowed) throw forbidden(API_KEY_MESSAGES.notAllowed);
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export function presentKey(context: AppContext, key: ApiKeyRow): ApiKeySummary {
  return {
    prefix: key.prefix,
    created_at: key.created_at.toISOString(),
    expires_at: key.expires_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
    expired: key.expires_at.getTime() <= context.clock.now().getTime(),
  };
}

const liveKeyOf = (userId: number) => and(eq(apiKeys.user_id, userId), isNull(apiKeys.revoked_at));

/** The user's key that is not revoked (expired or not), if any. */
export async function currentKey(context: AppContext, user: UserRow): Promise<ApiKeyRow | null> {
  const [key] = await context.db.select().from(apiKeys).where(liveKeyOf(user.id));
  return key ?? null;
}

/**
 * Makes a new key and revokes the previous one in one transaction (the user's row locked, so two
 * clicks make one live key). The secret leaves in this answer only: the table keeps its SHA-256.
 */
export async function issueKey(context: AppContext, user: UserRow, ip: string) {
  assertMayHoldKey(user);
  const secret = `${KEY_START}${randomToken()}`;
  const now = context.clock.now();
  const key = await context.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const revoked = await tx.update(apiKeys).set({ revoked_at: now }).where(liveKeyOf(user.id)).returning({ id: apiKeys.id });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        user_id: user.id,
        account_id: user.account_id!,
        prefix: secret.slice(0, PREFIX_LENGTH),
        secret_hash: hashToken(secret),
        created_at: now,
        expires_at: addMonths(now, API_KEY_LIFETIME_MONTHS),
      })
      .returning();
    await audit(
      context,
      {
        action: 'api_key.issued',
        userId: user.id,
        accountId: user.account_id,
        ip,
        details: { prefix: row!.prefix, replaced: revoked.map((r) => r.id) },
      },
      tx as unknown as Db,
    );
    return row!;
  });
  return { secret, key };
}

/** Revokes the user's key: the next call made with it is refused. */
export async function revokeKey(context: AppContext, user: UserRow, ip: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const revoked = await tx.update(apiKeys).set({ revoked_at: now }).where(liveKeyOf(user.id)).returning();
    if (!revoked.length) throw notFound(API_KEY_MESSAGES.noKey);
    await audit(
      context,
      { action: 'api_key.revoked', userId: user.id, accountId: user.account_id, ip, details: { prefix: revoked[0]!.prefix } },
      tx as unknown as Db,
    );
  });
}

export type KeyLookup = { status: 'valid'; key: ApiKeyRow; user: UserRow } | { status: 'invalid' | 'expired' | 'revoked' };

/**
 * The key a Bearer secret names, with its user as they are now: a revoked or expired key, or one whose
 * user was banned, deactivated or whose account was deleted, is refused.
 */
export async function authenticateKey(context: AppContext, secret: string): Promise<KeyLookup> {
  if (!secret.startsWith(KEY_START) || secret.length > 200) return { status: 'invalid' };
  const [row] = await context.db
    .select({ key: apiKeys, user: users, accountDeletedAt: accounts.deleted_at })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.user_id))
    .innerJoin(accounts, eq(accounts.id, apiKeys.account_id))
    .where(eq(apiKeys.secret_hash, hashToken(secret)));
  if (!row) return { status: 'invalid' };
  if (row.key.revoked_at) return { status: 'revoked' };
  const now = context.clock.now();
  if (row.key.expires_at.getTime() <= now.getTime()) return { status: 'expired' };
  // The key's user must still be the key's account's: a user moved elsewhere keeps no reach into it.
  if (row.user.banned || !row.user.active || row.accountDeletedAt || row.user.account_id !== row.key.account_id)
    return { status: 'invalid' };
  if (!row.key.last_used_at || now.getTime() - row.key.last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
    await context.db.update(apiKeys).set({ last_used_at: now }).where(eq(apiKeys.id, row.key.id));
    row.key.last_used_at = now;
  }
  return { status: 'valid', key: row.key, user: row.user };
}

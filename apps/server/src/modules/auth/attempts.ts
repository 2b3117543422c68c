import { and, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { authFailures } from '../../db/schema.ts';
import { tooManyAttempts } from '../../http/errors.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Failed sign-ins are counted in the database, so the limits hold across processes. Counting by
 * address alone would let anyone lock the owner out with five wrong passwords, so the limits are:
 * - 5 failures for one address from one source (IP) within 15 minutes: that source gets 429 for that
 *   address until the window has passed;
 * - 20 failures from one source across addresses: that source gets 429;
 * - 5 failures for one address from any sources: the address is under attack. Nobody is blocked, but
 *   the right password alone no longer signs in: the owner also types a code we email them.
 */
const WINDOW_MS = 15 * 60_000;
const MAX_PER_SOURCE_AND_ADDRESS = 5;
const MAX_PER_SOURCE = 20;
const ATTACK_THRESHOLD = 5;
const MAX_WRONG_CODES = 5;
const MAX_WRONG_PASSWORDS = 5;

const addressKey = (email: string) => `email:${email}`;
const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const sourceKey = (ip: string) => `ip:${ip}`;
const codeKey = (userId: number) => `code:${userId}`;
const passwordKey = (userId: number) => `password:${userId}`;

async function countSince(context: AppContext, keys: string[]): Promise<(key: string) => number> {
  const since = new Date(context.clock.now().getTime() - WINDOW_MS);
  const rows = await context.db
    .select({ key: authFailures.key, count: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gte(authFailures.created_at, since)))
    .groupBy(authFailures.key);
  return (key) => rows.find((r) => r.key === key)?.count ?? 0;
}

/** Throws 429 when this source has used up its attempts; otherwise tells whether the address is under attack. */
export async function checkSignInAttempts(context: AppContext, email: string, ip: string): Promise<{ underAttack: boolean }> {
  const count = await countSince(context, [addressKey(email), pairKey(email, ip), sourceKey(ip)]);
  if (count(pairKey(email, ip)) >= MAX_PER_SOURCE_AND_ADDRESS || count(sourceKey(ip)) >= MAX_PER_SOURCE) throw tooManyAttempts();
  return { underAttack: count(addressKey(email)) >= ATTACK_THRESHOLD };
}

export async function recordFailure(context: AppContext, email: string, ip: string): Promise<void> {
  const now = context.clock.now();
  await context.db.insert(authFailures).values([
    { key: addressKey(email), created_at: now },
    { key: pairKey(email, ip), created_at: now },
    { key: sourceKey(ip), created_at: now },
  ]);
}

/**
 * A successful sign-in clears the address's count and this source's count for it. Other sources keep
 * theirs (an attacker's tries are not refunded by the owner's sign-in), and so does this source's own
 * count across addresses (one IP may try many).
 */
export async function clearFailures(context: AppContext, email: string, ip: string): Promise<void> {
  await context.db.delete(authFailures).where(inArray(authFailures.key, [addressKey(email), pairKey(email, ip)]));
}

/** The same limit for typed codes: 5 wrong codes for one user within 15 minutes answer 429. */
export async function assertCodeAttemptsLeft(context: AppContext, userId: number): Promise<void> {
  const count = await countSince(context, [codeKey(userId)]);
  if (count(codeKey(userId)) >= MAX_WRONG_CODES) throw tooManyAttempts();
}

export async function recordCodeFailure(context: AppContext, userId: number): Promise<void> {
  await context.db.insert(authFailures).values({ key: codeKey(userId), created_at: context.clock.now() });
}

/**
 * Passwords typed to confirm an action of a signed-in user (profile update, password change, deleting
 * the account): 5 wrong ones within 15 minutes answer 429, so a session left open is not a way to
 * guess the password at leisure.
 */
export async function assertPasswordChecksLeft(context: AppContext, userId: number): Promise<void> {
  const count = await countSince(context, [passwordKey(userId)]);
  if (count(passwordKey(userId)) >= MAX_WRONG_PASSWORDS) throw tooManyAttempts();
}

export async function recordPasswordFailure(context: AppContext, userId: number): Promise<void> {
  await context.db.insert(authFailures).values({ key: passwordKey(userId), created_at: context.clock.now() });
}

/** Checks a signed-in user's password under the limit above; a wrong one counts. */
export async function confirmPassword(
  context: AppContext,
  user: { id: number; password_hash: string | null },
  password: string,
): Promise<boolean> {
  await assertPasswordChecksLeft(context, user.id);
  if (await verifyPassword(user.password_hash, password)) return true;
  await recordPasswordFailure(context, user.id);
  return false;
}

import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { authFailures } from '../../db/schema.ts';
import { tooManyAttempts } from '../../http/errors.ts';

/**
 * Failed sign-ins are counted in the database, so the limit holds across processes: 5 failures for
 * one address or 20 from one IP within 15 minutes answer 429 until the window has passed.
 */
const WINDOW_MS = 15 * 60_000;
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 20;

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function assertNotThrottled(context: AppContext, email: string, ip: string): Promise<void> {
  const since = new Date(context.clock.now().getTime() - WINDOW_MS);
  const rows = await context.db
    .select({ key: authFailures.key, count: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(and(inArray(authFailures.key, [emailKey(email), ipKey(ip)]), gte(authFailures.created_at, since)))
    .groupBy(authFailures.key);
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  if (count(emailKey(email)) >= MAX_PER_EMAIL || count(ipKey(ip)) >= MAX_PER_IP) throw tooManyAttempts();
}

export async function recordFailure(context: AppContext, email: string, ip: string): Promise<void> {
  const now = context.clock.now();
  await context.db.insert(authFailures).values([
    { key: emailKey(email), created_at: now },
    { key: ipKey(ip), created_at: now },
  ]);
}

/** A successful sign-in clears the address's count (not the IP's: one IP may try many addresses). */
export async function clearFailures(context: AppContext, email: string): Promise<void> {
  await context.db.delete(authFailures).where(eq(authFailures.key, emailKey(email)));
}

/** The same limit for typed codes: 5 wrong codes for one user within 15 minutes answer 429. */
export async function assertCodeAttemptsLeft(context: AppContext, userId: number): Promise<void> {
  const since = new Date(context.clock.now().getTime() - WINDOW_MS);
  const [row] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(and(eq(authFailures.key, `code:${userId}`), gte(authFailures.created_at, since)));
  if ((row?.count ?? 0) >= MAX_PER_EMAIL) throw tooManyAttempts();
}

export async function recordCodeFailure(context: AppContext, userId: number): Promise<void> {
  await context.db.insert(authFailures).values({ key: `code:${userId}`, created_at: context.clock.now() });
}

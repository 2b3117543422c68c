import { normalizeEmail } from '@laurel/domain';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mailMessages, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Member } from './service.ts';

/**
 * Test emails come from the product's sender, cost nothing and carry any text the issuer types, so
 * they go only to people of the account: the user asking and the account's confirmed, active users.
 * Anyone else would make the test button a free relay. An account sends at most this many a day,
 * whoever asks and from wherever.
 */
export const TEST_EMAILS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60_000;

export const TEST_RECIPIENT_MESSAGES = {
  notOfAccount: 'Test emails go to you or to a confirmed user of this account.',
  dailyLimit: `This account has sent its ${TEST_EMAILS_PER_DAY} test emails of the last 24 hours. Please try again later.`,
} as const;

/** Where a test may go: the member's own address first, then the account's other confirmed, active users. */
export async function testRecipients(context: AppContext, member: Member): Promise<string[]> {
  const rows = await context.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.account_id, member.accountId), isNotNull(users.confirmed_at), eq(users.active, true), eq(users.banned, false)))
    .orderBy(asc(users.email));
  const own = member.user.email;
  return [own, ...rows.map((r) => r.email).filter((email) => email !== own)];
}

/** The address a test goes to, refused unless it is the account's, and while the account's daily allowance is spent. */
export async function checkedTestRecipient(context: AppContext, member: Member, requested: string | undefined): Promise<string> {
  const to = requested ? normalizeEmail(requested) : member.user.email;
  if (!(await testRecipients(context, member)).includes(to))
    throw badRequest(TEST_RECIPIENT_MESSAGES.notOfAccount, { field: 'email', error_type: 'recipient' });
  const since = new Date(context.clock.now().getTime() - DAY_MS);
  const [sent] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.account_id, member.accountId), eq(mailMessages.kind, 'test_certificate'), gte(mailMessages.created_at, since)),
    );
  if ((sent?.count ?? 0) >= TEST_EMAILS_PER_DAY) throw new AppError(429, TEST_RECIPIENT_MESSAGES.dailyLimit, { error_type: 'limit' });
  return to;
}

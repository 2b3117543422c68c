import { EXPIRY_MESSAGES, utcDay } from '@laurel/domain';
import { and, asc, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recipients } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/** How many recipients a refusal names; the rest are counted. */
const NAMED = 5;

/**
 * Refuses a send that would issue a certificate after its expiration date: a recipient saved with a date
 * that has passed since (or saved before such dates were refused) would get a certificate over before it
 * begins. Only certificates not yet issued count: a resend of one already issued sends it as it was.
 * The whole send is refused, so nothing goes out and no credit is spent, and the message names whom to correct.
 */
export async function assertNoneLapsed(tx: Db, chosen: SQL, now: Date): Promise<void> {
  const expires = sql<string>`${recipients.meta}->>'EXPIRATION_DATE'`;
  // ISO dates compare as text; an empty date (a certificate without one) is never before a day.
  const lapsed = and(chosen, isNull(recipients.sent_at), sql`${expires} <> ''`, sql`${expires} < ${utcDay(now)}`);
  const found = await tx
    .select({ first: recipients.first_name, last: recipients.last_name })
    .from(recipients)
    .where(lapsed)
    .orderBy(asc(recipients.id))
    .limit(NAMED);
  if (!found.length) return;
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(recipients).where(lapsed);
  const names = found.map((r) => `${r.first} ${r.last}`.trim());
  const message = EXPIRY_MESSAGES.pastAtSend(names, counted!.total);
  throw badRequest(message, { error_type: 'past_date' });
}

import { randomUUID } from 'node:crypto';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { promoCodeHolds, promoCodes } from '../../db/schema.ts';
import { promoProblem } from './use.ts';

/**
 * A percentage code's uses at Stripe checkout. A use is held when the checkout session is made, under the
 * code's row lock, and the limit counts held uses with spent ones: three checkouts opened at once for a
 * code with one use left get one discount, the others are refused. A paid (or free) session turns its
 * hold into a use, once; an expired one releases it. A hold whose session can no longer be paid and whose
 * outcome never arrived is settled from Stripe the next time the code is asked for.
 */

/** Stripe Checkout sessions expire 24 hours after they are made; a hold outlives its session by an hour. */
const HOLD_MS = 25 * 60 * 60 * 1000;

const PAID: readonly string[] = ['paid', 'no_payment_required'];

const lockCode = (tx: Db, promoId: number) => tx.select().from(promoCodes).where(eq(promoCodes.id, promoId)).for('update');

/** Holds one use of the code for an account's checkout; answers the hold, or why the code cannot be used now. */
export async function holdCheckoutUse(
  context: AppContext,
  promoId: number,
  accountId: number,
): Promise<{ hold: string } | { problem: string }> {
  const now = context.clock.now();
  return context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [promo] = await lockCode(tx, promoId);
    const [held] = await tx
      .select({ n: count() })
      .from(promoCodeHolds)
      .where(and(eq(promoCodeHolds.promo_code_id, promoId), eq(promoCodeHolds.status, 'held')));
    const problem = promoProblem(promo, ['percentage'], now, held?.n ?? 0);
    if (problem) return { problem };
    const id = randomUUID();
    await tx.insert(promoCodeHolds).values({
      id,
      promo_code_id: promoId,
      account_id: accountId,
      expires_at: new Date(now.getTime() + HOLD_MS),
      created_at: now,
      updated_at: now,
    });
    return { hold: id };
  });
}

/** The session made for a hold, kept on it so that its outcome can be read from Stripe if no event tells it. */
export async function attachHoldSession(context: AppContext, holdId: string, sessionId: string): Promise<void> {
  await context.db
    .update(promoCodeHolds)
    .set({ session_id: sessionId, updated_at: context.clock.now() })
    .where(eq(promoCodeHolds.id, holdId));
}

/** A hold whose checkout will not be paid (never made, or expired) gives its use back; a use already counted stays. */
export async function releaseHold(db: Db, holdId: string, at: Date): Promise<void> {
  await db
    .update(promoCodeHolds)
    .set({ status: 'released', updated_at: at })
    .where(and(eq(promoCodeHolds.id, holdId), eq(promoCodeHolds.status, 'held')));
}

/**
 * A paid or free checkout counts its held use, once, in the webhook's transaction. A hold released
 * meanwhile still counts: the customer had the discount.
 */
export async function countHeldUse(tx: Db, use: { holdId: string; promoId: number; sessionId: string; at: Date }): Promise<void> {
  await lockCode(tx, use.promoId);
  const [hold] = await tx.select().from(promoCodeHolds).where(eq(promoCodeHolds.id, use.holdId)).for('update');
  if (!hold || hold.status === 'used' || hold.promo_code_id !== use.promoId) return;
  await tx
    .update(promoCodeHolds)
    .set({ status: 'used', session_id: use.sessionId, updated_at: use.at })
    .where(eq(promoCodeHolds.id, hold.id));
  await tx
    .update(promoCodes)
    .set({ used_count: sql`${promoCodes.used_count} + 1` })
    .where(eq(promoCodes.id, use.promoId));
}

/**
 * Holds of a code whose session can no longer be paid, yet still held (an expiry or payment event lost,
 * or a session never made): each session is read from Stripe and the hold counted or released. Stripe is
 * read outside any transaction; each hold is settled in its own.
 */
export async function settleStaleHolds(context: AppContext, stripe: Stripe, promoId: number): Promise<void> {
  const now = context.clock.now();
  const stale = await context.db
    .select()
    .from(promoCodeHolds)
    .where(and(eq(promoCodeHolds.promo_code_id, promoId), eq(promoCodeHolds.status, 'held'), lt(promoCodeHolds.expires_at, now)))
    .limit(20);
  for (const hold of stale) {
    const session = hold.session_id
      ? await stripe.checkout.sessions.retrieve(hold.session_id).catch((error: { statusCode?: number }) => {
          if (error.statusCode === 404) return null;
          throw error;
        })
      : null;
    if (session?.status === 'open') continue;
    const paid = session?.status === 'complete' && PAID.includes(session.payment_status);
    if (session?.status === 'complete' && !paid) continue; // a delayed payment still under way
    await context.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (paid) await countHeldUse(tx, { holdId: hold.id, promoId, sessionId: session.id, at: now });
      else await releaseHold(tx, hold.id, now);
    });
  }
}

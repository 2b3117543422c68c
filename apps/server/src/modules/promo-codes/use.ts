import { MESSAGES, PROMO_MESSAGES, type PromoType } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { billingFulfilments, promoCodes } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { grantCredits } from '../credits/index.ts';
import type { PromoRow } from './presenter.ts';

/**
 * Using a promo code. The limit and the expiry are checked again when the code is used, under the
 * code's row lock, in the transaction that counts the use: two sign-ups racing for a code's last use
 * cannot both have it. The types (docs/product/billing-and-credits.md#rules-and-limits): `first-time-registering` (and the older `default`) give
 * their amount in credits to the account that registers with them; `percentage` takes its amount in
 * percent off a card checkout.
 */

const normalise = (value: string) => value.trim().toUpperCase();

/** Why a code cannot be used now, or null when it can; `held` counts the uses held for checkouts still open. */
export function promoProblem(promo: PromoRow | undefined, types: readonly PromoType[], now: Date, held = 0): string | null {
  if (!promo?.is_active || !types.includes(promo.type as PromoType)) return MESSAGES.invalidPromo;
  if (promo.expire_date && promo.expire_date < now) return PROMO_MESSAGES.expired;
  if (promo.usage_limit !== null && promo.used_count + held >= promo.usage_limit) return PROMO_MESSAGES.usedUp;
  return null;
}

/** Credits a registration code gives, once per account (the ledger reference is the account's). */
export const grantsCredits = (type: string) => type === 'first-time-registering' || type === 'default';

/**
 * A new account's code, in its registration transaction: checked under the row lock, counted once,
 * and its credits granted as pay-as-you-go credits (they do not lapse) under `promo:{account}`. A
 * percentage code is kept on the account for its checkouts and counted when one is paid.
 */
export async function redeemAtRegistration(context: AppContext, tx: Db, value: string, accountId: number): Promise<void> {
  const [promo] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.promo_value, normalise(value)))
    .for('update');
  const problem = promoProblem(promo, ['default', 'first-time-registering', 'percentage'], context.clock.now());
  if (problem || !promo) throw badRequest(problem ?? MESSAGES.invalidPromo, { error_type: 'required', field: 'promo_code' });
  if (!grantsCredits(promo.type)) return;
  const granted = await grantCredits(tx, {
    accountId,
    bucket: 'payg',
    amount: promo.amount,
    kind: 'promo_code',
    reference: `promo:${accountId}`,
    note: promo.promo_value,
    at: context.clock.now(),
  });
  if (granted)
    await tx
      .update(promoCodes)
      .set({ used_count: sql`${promoCodes.used_count} + 1` })
      .where(eq(promoCodes.id, promo.id));
}

export type CheckoutPromo = { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'percentage'; promo: PromoRow };

/** A code given at checkout: one of ours of the percentage type, one that cannot be used, or none of ours. */
export async function checkoutPromo(context: AppContext, value: string | null | undefined): Promise<CheckoutPromo> {
  if (!value) return { kind: 'none' };
  const [promo] = await context.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.promo_value, normalise(value)));
  if (!promo) return { kind: 'none' };
  const problem = promoProblem(promo, ['percentage'], context.clock.now());
  return problem ? { kind: 'invalid', message: problem } : { kind: 'percentage', promo };
}

/**
 * The Stripe coupon that stands for a percentage code: reused when Stripe has it, else created (its id
 * names the code and the percentage, so a changed percentage is another coupon). Stripe first, then
 * the id is kept on the code, outside any transaction.
 */
export async function stripeCouponFor(context: AppContext, stripe: Stripe, promo: PromoRow): Promise<string> {
  const id = promo.coupon_id ?? `laurel-promo-${promo.id}-${promo.amount}`;
  const existing = await stripe.coupons.retrieve(id).catch((error: { statusCode?: number }) => {
    if (error.statusCode === 404) return null;
    throw error;
  });
  if (!existing?.valid) {
    await stripe.coupons.create(
      {
        id,
        percent_off: promo.amount,
        duration: 'once',
        name: `${promo.name} (${promo.amount}% off)`,
        metadata: { promo_code_id: String(promo.id) },
      },
      { idempotencyKey: `promo-coupon-${id}` },
    );
  }
  if (promo.coupon_id !== id) await context.db.update(promoCodes).set({ coupon_id: id }).where(eq(promoCodes.id, promo.id));
  return id;
}

/** A paid checkout that carried a code counts one use of it, once per session, in the webhook's transaction. */
export async function countCheckoutUse(tx: Db, use: { sessionId: string; promoId: number; accountId: number; at: Date }): Promise<void> {
  const first = await tx
    .insert(billingFulfilments)
    .values({ reference: `promo:${use.sessionId}`, account_id: use.accountId, kind: 'promo_code', quantity: 1, created_at: use.at })
    .onConflictDoNothing()
    .returning({ reference: billingFulfilments.reference });
  if (!first.length) return;
  await tx.execute(sql`select id from promo_codes where id = ${use.promoId} for update`);
  await tx
    .update(promoCodes)
    .set({ used_count: sql`${promoCodes.used_count} + 1` })
    .where(and(eq(promoCodes.id, use.promoId)));
}

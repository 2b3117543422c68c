import { MESSAGES, PROMO_MESSAGES, PROMO_TYPES, type PromoCheck, type PromoType } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appSettings, promoCodes } from '../../db/schema.ts';

/** A usable promo code of one of the given types, or the reason it cannot be used. */
export async function checkPromoCode(
  context: AppContext,
  value: string,
  types: readonly PromoType[],
): Promise<{ success: true; promo: typeof promoCodes.$inferSelect } | { success: false; message: string }> {
  const [promo] = await context.db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.promo_value, value.trim().toUpperCase()), eq(promoCodes.is_active, true)));
  const now = context.clock.now();
  if (!promo || !types.includes(promo.type as PromoType)) return { success: false, message: MESSAGES.invalidPromo };
  if (promo.expire_date && promo.expire_date < now) return { success: false, message: PROMO_MESSAGES.expired };
  if (promo.usage_limit !== null && promo.used_count >= promo.usage_limit) return { success: false, message: PROMO_MESSAGES.usedUp };
  return { success: true, promo };
}

/** The sign-up forms' check of a code: of the types asked for (all when none is), with what it gives. */
export async function promoCodeCheck(context: AppContext, value: string, types: PromoType | PromoType[] | undefined): Promise<PromoCheck> {
  const raw = types ?? [...PROMO_TYPES];
  const result = await checkPromoCode(context, value, Array.isArray(raw) ? raw : [raw]);
  return result.success
    ? { success: true, message: 'Promo Code applied.', type: result.promo.type, amount: result.promo.amount }
    : { success: false, message: result.message };
}

/** Whether the sign-up forms offer a promo code field: on unless a super-admin turned it off. */
export async function promoCodesAllowed(context: AppContext): Promise<boolean> {
  const [row] = await context.db.select().from(appSettings).where(eq(appSettings.key, 'allow_promo_codes'));
  return row ? row.value === true : true;
}

import { MESSAGES } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { promoCodes } from '../../db/schema.ts';

export type PromoType = 'default' | 'first-time-registering' | 'percentage';

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
  if (promo.expire_date && promo.expire_date < now) return { success: false, message: 'This Promo Code has expired.' };
  if (promo.usage_limit !== null && promo.used_count >= promo.usage_limit)
    return { success: false, message: 'This Promo Code has been used up.' };
  return { success: true, promo };
}

export const countPromoUse = (id: number) => sql`update promo_codes set used_count = used_count + 1 where id = ${id}`;

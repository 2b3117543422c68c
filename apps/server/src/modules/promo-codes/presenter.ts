import type { PromoCode, PromoType } from '@laurel/domain';
import type { promoCodes } from '../../db/schema.ts';

export type PromoRow = typeof promoCodes.$inferSelect;

/** A code's row as the admin screen reads it: the expiry as the day it ends (YYYY-MM-DD). */
export function presentPromoCode(row: PromoRow): PromoCode {
  return {
    id: row.id,
    name: row.name,
    promo_value: row.promo_value,
    type: row.type as PromoType,
    amount: row.amount,
    coupon_id: row.coupon_id,
    usage_limit: row.usage_limit,
    used_count: row.used_count,
    expire_date: row.expire_date ? row.expire_date.toISOString().slice(0, 10) : null,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
  };
}

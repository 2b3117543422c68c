import { type PromoCodeInput, type PromoCodeListQuery, promoCodeCalls } from '@laurel/domain';
import { call } from '../../api/call.ts';

export const PROMO_CODES_KEY = ['admin', 'promo-codes'] as const;

export const listPromoCodes = (query: PromoCodeListQuery) => call(promoCodeCalls.listPromoCodes, { query });
export const createPromoCode = (body: PromoCodeInput) => call(promoCodeCalls.createPromoCode, { body });
export const updatePromoCode = (id: number, body: PromoCodeInput) => call(promoCodeCalls.updatePromoCode, { params: { id }, body });
export const togglePromoCode = (id: number) => call(promoCodeCalls.togglePromoCodeStatus, { params: { id } });
export const deletePromoCode = (id: number) => call(promoCodeCalls.deletePromoCode, { params: { id } });

import { type PromoCodeInput, type PromoCodeListQuery, promoCodeCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';
import { adminKeys } from '../query-keys.ts';

export const PROMO_CODES_KEY = adminKeys.promoCodes();

export const listPromoCodes = (query: PromoCodeListQuery) => call(promoCodeCalls.listPromoCodes, { query });
export const createPromoCode = (body: PromoCodeInput) => call(promoCodeCalls.createPromoCode, { body });
export const updatePromoCode = (id: number, body: PromoCodeInput) => call(promoCodeCalls.updatePromoCode, { params: { id }, body });
export const togglePromoCode = (id: number) => call(promoCodeCalls.togglePromoCodeStatus, { params: { id } });
export const deletePromoCode = (id: number) => call(promoCodeCalls.deletePromoCode, { params: { id } });

import {
  type AddCardBody,
  type AutomaticPurchaseUpdate,
  type BillingDetails,
  type BillingRedirectTarget,
  billingCalls,
  type CheckoutQuery,
} from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** Billing calls of the account area (modules/billing on the server). */
export const listInvoices = () => call(billingCalls.listInvoices, {});

/** Where a billing redirect goes for this signed-in browser: Stripe, or a screen with `?error=`. */
export const billingRedirectUrl = (target: BillingRedirectTarget, query: Partial<CheckoutQuery>) =>
  call(billingCalls.createBillingRedirect, { body: { target, ...query } });

/** The card on file, the subscription, and a payment error the server hands over once. */
export const getBilling = (id: number) => call(billingCalls.getBilling, { params: { id } });
export const addCard = (id: number, body: AddCardBody) => call(billingCalls.addCard, { params: { id }, body });
export const updateBillingDetails = (id: number, body: BillingDetails) => call(billingCalls.updateBillingDetails, { params: { id }, body });
export const removeCard = (id: number) => call(billingCalls.removeCard, { params: { id } });
export const cancelSubscription = (id: number) => call(billingCalls.cancelSubscription, { params: { id } });
export const checkCoupon = (id: number, code: string) => call(billingCalls.checkCoupon, { params: { id, code } });

export const getAutomaticPurchase = (id: number) => call(billingCalls.getAutomaticPurchase, { params: { id } });
export const saveAutomaticPurchase = (id: number, body: AutomaticPurchaseUpdate) =>
  call(billingCalls.saveAutomaticPurchase, { params: { id }, body });

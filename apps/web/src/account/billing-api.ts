import { type BillingRedirectTarget, billingCalls, type CheckoutQuery } from '@laurel/domain';
import { call } from '../api/call.ts';

/** Billing calls of the account area (modules/billing on the server). */
export const listInvoices = () => call(billingCalls.listInvoices, {});

/** Where a billing redirect goes for this signed-in browser: Stripe, or a screen with `?error=`. */
export const billingRedirectUrl = (target: BillingRedirectTarget, query: Partial<CheckoutQuery>) =>
  call(billingCalls.createBillingRedirect, { body: { target, ...query } });

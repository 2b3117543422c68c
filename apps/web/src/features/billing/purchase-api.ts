import { certificateCalls, type PurchaseRequest, planCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** Without card payments, a purchase is a request mailed to the operator. */
export const requestPurchase = (body: PurchaseRequest) => call(planCalls.requestPurchase, { body });

/** How many certificate sets the account holds now (the list's total). */
export const countCertificateSets = async () => (await call(certificateCalls.listCertificates, { query: { limit: 1, offset: 0 } })).count;

/** The browser address of a card checkout (the Stripe provider answers it with a redirect). */
export function checkoutUrl(purchase: PurchaseRequest): string {
  const query = new URLSearchParams(Object.entries(purchase).map(([k, v]) => [k, String(v)]));
  return `/api/accounts/checkout-session?${query}`;
}

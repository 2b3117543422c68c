import { checkoutQuery, type PurchaseRequest, purchaseRequest } from '@laurel/domain';

/**
 * The purchase the server remembered when it sent a buyer without a card here (checkout.ts sets
 * `?resume=<checkout query>`, docs/product/billing-and-credits.md#flows), or null when the value is not a purchase.
 */
export function resumedPurchase(resume: string | null): { request: PurchaseRequest; url: string } | null {
  if (!resume) return null;
  const query = Object.fromEntries(new URLSearchParams(resume));
  const parsed = checkoutQuery.safeParse(query);
  const request = purchaseRequest.safeParse(query);
  if (!parsed.success || !request.success) return null;
  return { request: request.data, url: `/api/accounts/checkout-session?${new URLSearchParams(query)}` };
}

import { CERTIFICATE_SET_PRICE_USD, findPlan, PAYG_PRICE_CENTS, type PurchaseRequest } from '@laurel/domain';

export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const count = (n: number) => n.toLocaleString('en-US');

/** Certificate sets used of those the account may own (`certificate_set_limit`, null while its plan sets no limit). */
export function setsUsed(used: number, limit: number | null): string {
  return limit === null ? `${count(used)} of unlimited` : `${count(used)} of ${count(limit)}`;
}

/** What a purchase is, in a sentence, with its price from the catalogue. */
export function describePurchase(purchase: PurchaseRequest): string {
  if (purchase.purchase_type === 'subscription') {
    const plan = findPlan(purchase.subscription);
    return plan
      ? `The ${plan.display_name} plan: ${count(plan.monthly_credits)} credits a month for ${usd.format(plan.price_usd)} a month.`
      : `The ${purchase.subscription} plan.`;
  }
  if (purchase.purchase_type === 'payg') {
    const credits = Number(purchase.payg_credits);
    const quantity = Number(purchase.quantity ?? 1);
    const cents = (PAYG_PRICE_CENTS[credits] ?? 0) * quantity;
    return `${count(credits * quantity)} pay-as-you-go credits (${quantity} × ${count(credits)}) for ${usd.format(cents / 100)}.`;
  }
  const sets = Number(purchase.certsets ?? 1);
  return `${sets === 1 ? 'One more certificate set' : `${sets} more certificate sets`} for ${usd.format(sets * CERTIFICATE_SET_PRICE_USD)}.`;
}

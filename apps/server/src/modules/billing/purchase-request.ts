import { CERTIFICATE_SET_PRICE_USD, findPlan, PAYG_PRICE_CENTS, type purchaseRequest } from '@laurel/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import type { Member } from '../certificates/index.ts';
import { sendOperatorRequest } from '../credits/index.ts';
import { checkoutPromo } from '../promo-codes/index.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Without card payments (the manual provider) every purchase button asks the operator instead: the
 * request names what checkout would have sold, at the catalogue's price, and goes to the super-admins
 * (a sub-user's to their account admins) like a credits request.
 */
export async function requestPurchase(context: AppContext, member: Member, input: z.output<typeof purchaseRequest>) {
  // A percentage promo code is named on the request for the operator to honour; one that cannot be used is refused here.
  const promo = await checkoutPromo(context, input.promo_code);
  if (promo.kind === 'invalid') throw badRequest(promo.message, { field: 'promo_code' });
  const discount = promo.kind === 'percentage' ? `, promo code ${promo.promo.promo_value}: ${promo.promo.amount}% off` : '';
  if (input.purchase_type === 'subscription') {
    const plan = findPlan(input.subscription);
    if (!plan) throw badRequest('Unknown plan.', { field: 'subscription' });
    return sendOperatorRequest(context, member, {
      what: `the ${plan.display_name} plan (${plan.monthly_credits} credits a month, ${money.format(plan.price_usd)} a month${discount})`,
      summary: `${plan.display_name} plan`,
      action: 'Grant the plan',
      adminPath: '/subscriptions',
    });
  }
  if (input.purchase_type === 'payg') {
    const cents = PAYG_PRICE_CENTS[input.payg_credits];
    if (!cents) throw badRequest('Unknown credit pack.', { field: 'payg_credits' });
    const credits = input.payg_credits * input.quantity;
    return sendOperatorRequest(context, member, {
      what: `${credits} pay-as-you-go credits (${input.quantity} × ${input.payg_credits}, ${money.format((cents * input.quantity) / 100)}${discount})`,
      summary: `${credits} credits`,
      action: 'Add credits',
      adminPath: '/credits',
    });
  }
  const sets = input.certsets;
  return sendOperatorRequest(context, member, {
    what: `${sets === 1 ? 'one more certificate set' : `${sets} more certificate sets`} (${money.format(sets * CERTIFICATE_SET_PRICE_USD)}${discount || (input.promo_code ? `, promo code ${input.promo_code}` : '')})`,
    summary: sets === 1 ? 'One more certificate set' : `${sets} more certificate sets`,
    action: 'Add certificate sets',
    adminPath: '/credits',
  });
}

import type { PurchaseRequest } from '@laurel/domain';
import { useCallback } from 'react';
import { useAppConfig } from '../../shared/session/queries.ts';
import { checkoutUrl } from './purchase-api.ts';
import { openRequestPurchaseDialog } from './RequestPurchaseDialog.tsx';

/**
 * Every purchase button's one path: with Stripe, the browser goes to the checkout session; without it
 * (the manual provider), the request dialog asks the operator.
 */
export function usePurchase() {
  const config = useAppConfig();
  const stripe = config.data?.billing.provider === 'stripe';
  const purchase = useCallback(
    (request: PurchaseRequest) => {
      if (stripe) window.location.assign(checkoutUrl(request));
      else openRequestPurchaseDialog(request);
    },
    [stripe],
  );
  return { purchase, stripe, ready: !!config.data };
}

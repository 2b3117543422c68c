import type { Stripe } from '@stripe/stripe-js';

let loading: Promise<Stripe> | null = null;

/**
 * Stripe.js, fetched from Stripe only when a card form opens (the `pure` entry does not add the script
 * on import). A failed load is forgotten so the next attempt tries again.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  loading ??= import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js did not load');
      return stripe;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

import { startTestLaurel, type TestLaurel } from './laurel.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

/**
 * A Laurel whose Stripe is a fresh stand-in: the app's Stripe client talks to the stand-in, and the stand-in's
 * webhooks, signed as Stripe signs them, are delivered straight into the app.
 */
export async function startLaurelWithStripe(): Promise<{ laurel: TestLaurel; stripe: StripeStandIn }> {
  let laurel: TestLaurel | undefined;
  const stripe = await startStripeStandIn({
    deliverTo: async (payload, signature) =>
      (
        await laurel!.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: { host: 'laurel.test', 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode,
  });
  laurel = await startTestLaurel({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: stripe.url,
    },
  });
  return { laurel, stripe };
}

/** The items in an order fixed by the seed: webhook deliveries replayed in a shuffled but repeatable order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

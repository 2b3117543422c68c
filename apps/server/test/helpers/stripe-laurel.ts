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

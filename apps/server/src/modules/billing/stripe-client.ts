import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The one Stripe client of a process, made from the environment. STRIPE_API_BASE points the SDK at a
 * stand-in (tests, closed networks); unset, it talks to api.stripe.com. Without STRIPE_SECRET_KEY the
 * installation takes no card payments and every billing call says so.
 */
const clients = new WeakMap<object, Stripe>();

export function stripeConfigured(context: AppContext): boolean {
  return !!context.env.STRIPE_SECRET_KEY;
}

export function stripeFor(context: AppContext): Stripe | null {
  const key = context.env.STRIPE_SECRET_KEY;
  if (!key) return null;
  let client = clients.get(context.env);
  if (!client) {
    const base = context.env.STRIPE_API_BASE ? new URL(context.env.STRIPE_API_BASE) : null;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(context.env, client);
  }
  return client;
}

export class PaymentsNotConfiguredError extends AppError {
  constructor() {
    super(503, 'Card payments are not set up on this installation.', { error_type: 'no_payments' });
  }
}

export function requireStripe(context: AppContext): Stripe {
  const client = stripeFor(context);
  if (!client) throw new PaymentsNotConfiguredError();
  return client;
}

/** Stripe's card and request errors become a reply the billing screen can show ('Credit Card Error: …'). */
export function cardError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new AppError(402, error.message, { error_type: 'card_error' });
  if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError(400, error.message, { error_type: 'stripe' });
  throw error;
}

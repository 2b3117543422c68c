import { findPlan, type Plan } from '@laurel/domain';
import type Stripe from 'stripe';

/** What a Stripe price is to us: the plan it sells (null for none) and its amount per month, in cents. */
interface PriceFacts {
  plan: string | null;
  unitAmount: number | null;
}

/**
 * Each plan of the catalogue is a monthly Stripe price whose lookup key is the plan id, so the plan a
 * subscription carries is read from Stripe itself. A missing price is created from the catalogue the
 * first time a plan is sold: the operator sets up nothing by hand.
 */
const caches = new WeakMap<Stripe, { byPlan: Map<string, string>; byPrice: Map<string, PriceFacts> }>();

function cacheOf(stripe: Stripe) {
  let cache = caches.get(stripe);
  if (!cache) {
    cache = { byPlan: new Map(), byPrice: new Map() };
    caches.set(stripe, cache);
  }
  return cache;
}

export async function priceForPlan(stripe: Stripe, plan: Plan): Promise<string> {
  const { byPlan, byPrice } = cacheOf(stripe);
  const known = byPlan.get(plan.id);
  if (known) return known;
  const found = await stripe.prices.list({ lookup_keys: [plan.id], active: true, limit: 1 });
  let price = found.data[0];
  if (!price) {
    const product = await stripe.products.create({ name: plan.display_name, metadata: { plan: plan.id } });
    price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: plan.price_usd * 100,
      recurring: { interval: 'month' },
      lookup_key: plan.id,
      metadata: { plan: plan.id },
    });
  }
  byPlan.set(plan.id, price.id);
  byPrice.set(price.id, { plan: plan.id, unitAmount: price.unit_amount });
  return price.id;
}

/** The plan a Stripe price sells and the price's amount, read once per price and kept (a price never changes its amount). */
export async function priceFacts(stripe: Stripe, price: string | Stripe.Price | null | undefined): Promise<PriceFacts | undefined> {
  if (!price) return undefined;
  if (typeof price !== 'string') return { plan: price.lookup_key ?? price.metadata?.plan ?? null, unitAmount: price.unit_amount };
  const { byPrice } = cacheOf(stripe);
  let facts = byPrice.get(price);
  if (!facts) {
    const read = await stripe.prices.retrieve(price);
    facts = { plan: read.lookup_key ?? read.metadata?.plan ?? null, unitAmount: read.unit_amount };
    byPrice.set(price, facts);
  }
  return facts;
}

/** The catalogue plan a Stripe price stands for, or null for a price that is not a plan. */
export async function planForPrice(stripe: Stripe, price: string | Stripe.Price | null | undefined): Promise<Plan | undefined> {
  return findPlan((await priceFacts(stripe, price))?.plan);
}

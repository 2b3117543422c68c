/** The billing module's public face: the plan gates other modules enforce, and what sends check after their debit. */
export { rearmOrClaim } from './automatic.ts';
export { automaticPurchaseJob } from './automatic-job.ts';
export { assertFeature } from './gates.ts';
export { stripeConfigured } from './stripe-client.ts';

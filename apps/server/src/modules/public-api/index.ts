/** The public API module's public face: what other modules use to add their own /v1 calls. */
export { idempotencyCleanJob } from './idempotency-clean-job.ts';
export { requireKey } from './key-auth.ts';
export { presentRecipient as presentV1Recipient } from './presenter.ts';
export { v1Route } from './route.ts';
export type { V1Registrar } from './routes.ts';

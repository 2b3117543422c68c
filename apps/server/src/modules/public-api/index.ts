/** The public API module's public face: what other modules use to add their own /v1 calls. */

export { invalidRequest, V1Error } from './errors.ts';
export { idempotencyCleanJob } from './idempotency-clean-job.ts';
export { type KeyAuth, type Member, requireKey } from './key-auth.ts';
export { presentRecipient as presentV1Recipient } from './presenter.ts';
export { assertRecipientRows } from './recipient-rows.ts';
export { LIST_BODY_LIMIT, v1Route } from './route.ts';
export type { V1Registrar } from './routes.ts';
export { mappedRow } from './service.ts';

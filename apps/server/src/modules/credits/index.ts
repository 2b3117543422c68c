/** The credits module's public face: what other modules and the server's shared code may use. */
export { allocationMessage, debitAllocation } from './allocation.ts';
export { sendOperatorRequest } from './credit-request.ts';
export { type CreditBucket, debitCredits, grantCredits, lapseSubscription, takeBackCredits } from './ledger.ts';
export { refillAccount, refillAllocations } from './refill.ts';
export { refillJob } from './refill-job.ts';

import type { AppContext } from '../context.ts';
import { sendMailJob } from '../mail/outbox.ts';
import { accountDeletionJob, notifyDaysJob } from '../modules/accounts/index.ts';
import { automaticPurchaseJob } from '../modules/billing/index.ts';
import { refillJob } from '../modules/credits/index.ts';
import { continueSendJob, deliverCertificateJob, deliveryGaveUpJob } from '../modules/delivery/index.ts';
import { exportGaveUpJob, exportJob, exportRemovalJob } from '../modules/exports/index.ts';
import { idempotencyCleanJob } from '../modules/public-api/index.ts';
import { webhookDeliveryJob } from '../modules/webhooks/index.ts';
import type { JobDefinition } from './queue.ts';

/** Every job the workers run, in one explicit list. */
// biome-ignore lint/suspicious/noExplicitAny: the list holds jobs of different data types; each job's own definition types its data
export const JOBS: JobDefinition<any, AppContext>[] = [
  sendMailJob,
  continueSendJob,
  deliverCertificateJob,
  deliveryGaveUpJob,
  exportJob,
  exportGaveUpJob,
  exportRemovalJob,
  accountDeletionJob,
  refillJob,
  automaticPurchaseJob,
  notifyDaysJob,
  webhookDeliveryJob,
  idempotencyCleanJob,
];

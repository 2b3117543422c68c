import { isRenderError, releaseFileMemory } from '@laurel/certificate/node';
import { attachesPdf } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { recipients } from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import { isPermanentSmtpFailure } from '../../mail/transport.ts';
import { ownSender } from '../email-settings/index.ts';
import type { Credential } from '../open-badges/index.ts';
import { certificateCredential, certificateCredentials } from './certificate-credential.ts';
import { issuedCertificatePdf, projectDrawable } from './certificate-file.ts';
import { certificateMessage } from './certificate-message.ts';
import { claimMany, type Delivered, type Delivery, type DeliveryJob, finish, finishSent } from './delivery-records.ts';
import { withEvent } from './events.ts';
import { type IssuedFile, recordIssuedFiles } from './issued-files.ts';
import { messageAttachments } from './message-attachments.ts';

/** Deliveries a worker claims and records together. */
export const DELIVERY_BATCH = 20;

/**
 * Runs when a delivery has used up its retries, or its last run was lost (a worker killed with it):
 * the recipient ends `failed` and the account gets the credit back, so no recipient is left pending.
 */
export const deliveryGaveUpJob = defineJob<DeliveryJob, AppContext>({
  name: 'certificate.deliver.gave-up',
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  async handle(job, context) {
    await finish(context, job, 'failed', 'Delivery gave up after repeated temporary failures.');
  },
});

/**
 * One recipient's delivery once claimed: draw the emailed PDF (once) when the email attaches it, compose, send.
 * Without an attachment nothing is drawn for the recipient: the download is drawn when first asked for, and the
 * email's image is drawn when the message is opened. Answers the attempt to record as sent when the message left
 * (or was kept), after ending the attempt itself if it cannot be delivered (suppressed, a design that cannot be
 * rendered, a permanent refusal); throws on a temporary failure, so that the job is retried.
 *
 * `credential` is the batch's signing of this recipient's credential, still under way: a PDF waits for it (the PDF
 * carries it), a message without one is composed meanwhile and only its sending waits. Either way the credential is
 * stored before the message leaves.
 */
async function deliver(
  context: AppContext,
  job: DeliveryJob,
  delivery: Delivery,
  { credential, drawn }: { credential: Promise<Credential | undefined>; drawn: IssuedFile[] },
): Promise<Delivered | null> {
  if (delivery.suppressed) {
    await finish(context, job, 'suppressed', delivery.suppressed);
    return null;
  }
  const { project, recipient } = delivery;
  const withPdf = attachesPdf(project.snapshot.email);
  let pdf: Buffer | null = null;
  try {
    if (withPdf) {
      pdf = await issuedCertificatePdf(context, project, recipient, { credential: await credential, drawn, weight: 'email' });
    } else {
      await projectDrawable(context, project, recipient);
    }
  } catch (error) {
    // The design cannot be rendered (an image too large, a render past its limits): retrying would fail
    // the same way, so the recipient ends failed with the reason and the credit comes back.
    if (isRenderError(error)) {
      await finish(context, job, 'failed', error.message);
      return null;
    }
    throw error;
  }
  try {
    return await composeAndSend(context, job, delivery, pdf, credential);
  } finally {
    // Stored, recorded by its digest and handed to SMTP (or to the outbox by its key): nothing holds the PDF any
    // more, and a send attaching thousands frees each at once rather than leaving them to the collector (0074).
    if (pdf) releaseFileMemory(pdf);
  }
}

/** The message composed with its attachments and sent (or kept for the outbox), once the PDF, if any, is drawn. */
async function composeAndSend(
  context: AppContext,
  job: DeliveryJob,
  delivery: Delivery,
  pdf: Buffer | null,
  credential: Promise<Credential | undefined>,
): Promise<Delivered | null> {
  const { project, recipient } = delivery;
  const withPdf = pdf !== null;
  // An account with its own server sends through it, from its own address; a failure there is this
  // delivery's failure (retried or bounced below), never a reason to use the product's server instead.
  const own = ownSender(context, delivery.emailSettings);
  const attachments = await messageAttachments(context, project, recipient, pdf);
  const email = { ...certificateMessage(context, delivery, own?.from ?? null), attachments: attachments.files };
  // No PDF drew (and signed) it: the credential the batch could not sign is signed before the message leaves.
  if (!withPdf && context.signCredentials && !(await credential)) await certificateCredential(context, { project, recipient });
  if (!own && !context.transport) {
    // The outbox keeps the attachments by their keys, not their bytes.
    const kept = {
      accountId: delivery.account.id,
      projectId: project.id,
      email: { ...email, attachments: [] },
      attachments: attachments.refs,
    };
    return { job, accountId: delivery.account.id, messageId: email.messageId, kept };
  }
  try {
    await context.sendRate.acquire(String(delivery.account.id));
    if (own) await own.send(email);
    else await context.transport!.send(email);
  } catch (error) {
    const message = String((error as Error).message ?? error);
    if (isPermanentSmtpFailure(error)) {
      await finish(context, job, 'bounced', message);
      return null;
    }
    await context.db
      .update(recipients)
      .set({ state: 'queued', sent_details: withEvent('deferred', context.clock.now(), message) })
      .where(and(eq(recipients.id, job.recipientId), eq(recipients.attempt, job.attempt), eq(recipients.state, 'sending')));
    throw error;
  }
  return { job, accountId: delivery.account.id, messageId: email.messageId };
}

/**
 * The batch's Open Badges credentials, signed together (a retry or resend finds its stored one) while the messages
 * are composed, and before any of them leaves. Never rejects: should signing fail, each delivery signs its own, and
 * fails alone if that fails.
 */
async function batchCredentials(context: AppContext, claimed: Delivery[]): Promise<Map<number, Credential>> {
  if (!context.signCredentials) return new Map();
  try {
    return await certificateCredentials(
      context,
      claimed.filter((d) => !d.suppressed),
    );
  } catch (error) {
    context.log.warn({ err: error }, "signing a delivery batch's credentials failed; each delivery signs its own");
    return new Map();
  }
}

/**
 * The batch's emailed PDFs drawn, recorded as handed out in one statement. Should that fail the messages still count
 * as sent: the verify page then compares a PDF with the ones kept in the file store instead.
 */
async function recordDrawn(context: AppContext, drawn: IssuedFile[]): Promise<void> {
  try {
    await recordIssuedFiles(context, drawn);
  } catch (error) {
    context.log.warn({ err: error }, "recording a delivery batch's certificate files failed");
  }
}

/**
 * Deliveries a batch at a time: one statement claims the batch, each recipient is composed (and their PDF drawn
 * when the email attaches it) and sent side by side (their credentials signed together meanwhile), one statement
 * records those sent. Idempotent: a job for an older attempt or a
 * recipient already done does nothing; the claim is committed before SMTP, and a retry after a crash
 * sends the same message again with the same Message-ID.
 */
async function deliverBatch(runs: Job<DeliveryJob>[], context: AppContext): Promise<Map<string, unknown>> {
  const errors = new Map<string, unknown>();
  const claimed = [
    ...(await claimMany(
      context,
      runs.filter((r) => !r.retryCount).map((r) => r.data),
      'sending',
    )),
    ...(await claimMany(
      context,
      runs.filter((r) => r.retryCount).map((r) => r.data),
      'retry',
    )),
  ];
  const deliveries = new Map(claimed.map((d) => [d.recipient.id, d]));
  // Not awaited here: the batch's messages are composed while its credentials are signed and stored (`deliver`).
  const credentials = batchCredentials(context, claimed);
  const delivered: Delivered[] = [];
  const drawn: IssuedFile[] = [];
  await Promise.all(
    runs.map(async (run) => {
      const delivery = deliveries.get(run.data.recipientId);
      if (!delivery || delivery.recipient.attempt !== run.data.attempt) return;
      try {
        const credential = credentials.then((signed) => signed.get(delivery.recipient.id));
        const outcome = await deliver(context, run.data, delivery, { credential, drawn });
        if (outcome) delivered.push(outcome);
      } catch (error) {
        errors.set(run.id, error);
      }
    }),
  );
  // A batch none of whose messages waited for its credentials (each one failed or was suppressed) still ends its signing.
  await credentials;
  await recordDrawn(context, drawn);
  await finishSent(context, delivered);
  return errors;
}

/** A recipient's delivery, run in batches (see `deliverBatch`). */
export const deliverCertificateJob = defineJob<DeliveryJob, AppContext>({
  name: 'certificate.deliver',
  retryLimit: 6,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
  // A worker that dies mid-delivery stops beating; its job is retried within seconds, not minutes.
  heartbeatSeconds: 10,
  deadLetter: deliveryGaveUpJob,
  async handle(job, context, run) {
    const errors = await deliverBatch([{ ...run, data: job }], context);
    if (errors.size) throw errors.values().next().value;
  },
  batch: { size: DELIVERY_BATCH, handle: deliverBatch },
});

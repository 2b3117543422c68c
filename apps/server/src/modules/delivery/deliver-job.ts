import { isRenderError } from '@laurel/certificate/node';
import type { RecipientState } from '@laurel/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, mailMessages, projects, recipients, suppressions, users } from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { OutgoingMessage } from '../../mail/outgoing-message.ts';
import { isPermanentSmtpFailure } from '../../mail/transport.ts';
import { grantCredits } from '../credits/index.ts';
import { issuedCertificatePdf } from './certificate-file.ts';
import { certificateMessage } from './certificate-message.ts';
import { withEvent } from './events.ts';

type DeliveryJob = { recipientId: number; attempt: number };
const STILL_DELIVERING: RecipientState[] = ['queued', 'sending'];

/**
 * The claim: the recipient moves to `sending` for this attempt, committed before anything leaves.
 * No row back means the job is stale (a newer attempt exists, or the delivery already ended).
 */
async function claim(context: AppContext, { recipientId, attempt }: DeliveryJob, retry: number) {
  const now = context.clock.now();
  const claimed = await context.db
    .update(recipients)
    .set({ state: 'sending', sent_details: withEvent(retry ? 'retry' : 'sending', now), updated_at: now })
    .where(and(eq(recipients.id, recipientId), eq(recipients.attempt, attempt), inArray(recipients.state, STILL_DELIVERING)))
    .returning({ id: recipients.id });
  if (!claimed.length) return null;
  const [row] = await context.db
    .select({ recipient: recipients, project: projects, account: accounts, ownerEmail: users.email, suppressed: suppressions.reason })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .leftJoin(users, eq(users.id, projects.user_id))
    .leftJoin(suppressions, and(eq(suppressions.account_id, recipients.account_id), eq(suppressions.email, recipients.email)))
    .where(eq(recipients.id, recipientId));
  return row ?? null;
}

/** Ends an attempt in a terminal state; an attempt that sent nothing gives its credit back. */
async function finish(
  context: AppContext,
  job: DeliveryJob,
  state: 'sent' | 'bounced' | 'failed' | 'suppressed',
  detail?: string,
  messageId?: string,
) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const ended = await tx
      .update(recipients)
      .set({
        state,
        sent_details: withEvent(state, now, detail),
        updated_at: now,
        ...(state === 'sent' ? { sent_at: now, message_id: messageId } : {}),
      })
      .where(and(eq(recipients.id, job.recipientId), eq(recipients.attempt, job.attempt), inArray(recipients.state, STILL_DELIVERING)))
      .returning({ account_id: recipients.account_id, email: recipients.email });
    const row = ended[0];
    if (!row) return;
    if (state === 'failed' || state === 'suppressed') {
      await grantCredits(tx as Db, {
        accountId: row.account_id,
        bucket: 'payg',
        amount: 1,
        kind: 'refund',
        reference: `refund:${job.recipientId}:${job.attempt}`,
        at: now,
      });
    }
    if (state === 'bounced') {
      await tx
        .insert(suppressions)
        .values({ account_id: row.account_id, email: row.email, reason: 'bounce', created_at: now })
        .onConflictDoNothing();
    }
  });
}

/** The embedded default keeps certificate mail in the outbox, where super-admins can read it. */
async function keepInOutbox(context: AppContext, accountId: number, email: OutgoingMessage) {
  const [kept] = await context.db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.message_id, email.messageId));
  if (kept) return;
  await context.db.insert(mailMessages).values({
    account_id: accountId,
    kind: 'certificate',
    to_address: email.to,
    from_address: email.from,
    subject: email.subject,
    html: email.html,
    text: email.text,
    reply_to: email.replyTo ?? null,
    cc: email.cc,
    bcc: email.bcc,
    headers: email.headers,
    message_id: email.messageId,
    status: 'kept',
    attempts: 1,
    created_at: context.clock.now(),
  });
  // As with the product's own mail, the console shows where the message leads: here the certificate page.
  const links = (email.text.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]+/g) ?? []).slice(0, 1);
  context.log.info({ to: email.to, subject: email.subject, links }, 'mail kept in the outbox (no SMTP_URL)');
}

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
 * One recipient's delivery: claim, render (once), compose, send, record. Idempotent: a job for an
 * older attempt or a recipient already done does nothing; the claim is committed before SMTP, and a
 * retry after a crash sends the same message again with the same Message-ID.
 */
export const deliverCertificateJob = defineJob<DeliveryJob, AppContext>({
  name: 'certificate.deliver',
  retryLimit: 6,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
  // A worker that dies mid-delivery stops beating; its job is retried within seconds, not minutes.
  heartbeatSeconds: 10,
  deadLetter: deliveryGaveUpJob,
  async handle(job, context, run) {
    const delivery = await claim(context, job, run.retryCount);
    if (!delivery) return;
    if (delivery.suppressed) return finish(context, job, 'suppressed', delivery.suppressed);

    try {
      await issuedCertificatePdf(context, delivery.project, delivery.recipient);
    } catch (error) {
      // The design cannot be rendered (an image too large, a render past its limits): retrying would fail
      // the same way, so the recipient ends failed with the reason and the credit comes back.
      if (isRenderError(error)) return finish(context, job, 'failed', error.message);
      throw error;
    }
    const email = certificateMessage(context, delivery);
    try {
      if (context.transport) {
        await context.sendRate.acquire(String(delivery.account.id));
        await context.transport.send({ ...email, attachments: [] });
      } else {
        await keepInOutbox(context, delivery.account.id, { ...email, attachments: [] });
      }
    } catch (error) {
      const message = String((error as Error).message ?? error);
      if (isPermanentSmtpFailure(error)) return finish(context, job, 'bounced', message);
      await context.db
        .update(recipients)
        .set({ state: 'queued', sent_details: withEvent('deferred', context.clock.now(), message) })
        .where(and(eq(recipients.id, job.recipientId), eq(recipients.attempt, job.attempt), eq(recipients.state, 'sending')));
      throw error;
    }
    await finish(context, job, 'sent', undefined, email.messageId);
  },
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { projects, recipients, type SendPlan } from '../../db/schema.ts';
import { defineJob, type Executor } from '../../jobs/queue.ts';
import { grantCredits } from '../credits/index.ts';
import { deliverCertificateJob } from './deliver-job.ts';
import { withEvent } from './events.ts';

/** Recipients queued (and delivery jobs enqueued) per transaction. */
export const SEND_CHUNK = 250;

/**
 * Queues the plan's next chunk, in the caller's transaction: the chosen recipients still in a state the
 * send allows move to `queued` with a new attempt and their delivery jobs are enqueued; one that has moved
 * on meanwhile is left alone and, if the send paid for it, its credit comes back. Answers the plan with
 * this chunk done, or null when none is left.
 */
export async function queueNextChunk(context: AppContext, tx: Db, accountId: number, plan: SendPlan): Promise<SendPlan | null> {
  const chunk = plan.ids.slice(plan.done, plan.done + SEND_CHUNK);
  const at = new Date(plan.at);
  const moved = chunk.length
    ? await tx
        .update(recipients)
        .set({
          state: 'queued',
          attempt: sql`${recipients.attempt} + 1`,
          sent_details: withEvent(plan.event, at),
          updated_at: at,
          ...(plan.counts ? { [plan.counts]: sql`${recipients[plan.counts]} + 1` } : {}),
        })
        .where(and(inArray(recipients.id, chunk), inArray(recipients.state, plan.from)))
        .returning({ id: recipients.id, attempt: recipients.attempt })
    : [];
  if (plan.paid && moved.length < chunk.length) {
    await grantCredits(tx, {
      accountId,
      bucket: 'payg',
      amount: chunk.length - moved.length,
      kind: 'refund',
      reference: `${plan.reference}:left:${plan.done}`,
      at,
    });
  }
  await context.queue.enqueueMany(
    deliverCertificateJob,
    moved.map((r) => ({ data: { recipientId: r.id, attempt: r.attempt }, key: `deliver:${r.id}:${r.attempt}` })),
    { tx: tx as Executor },
  );
  const done = plan.done + chunk.length;
  return done < plan.ids.length ? { ...plan, done } : null;
}

/**
 * Queues the rest of a send larger than one chunk, a transaction per chunk, so that a send of 10,000 never
 * holds the database in one long statement (on the embedded database every other query waits behind it).
 * The plan lives on the project row and each chunk moves it on in its own transaction: a retry after a
 * crash continues where the last committed chunk ended, and no recipient is queued or refunded twice.
 */
export const continueSendJob = defineJob<{ projectId: number }, AppContext>({
  name: 'certificate.send.continue',
  retryLimit: 20,
  retryDelaySeconds: 5,
  expireInSeconds: 600,
  async handle({ projectId }, context) {
    for (;;) {
      const more = await context.db.transaction(async (tx) => {
        const [project] = await tx
          .select({ account_id: projects.account_id, pending_send: projects.pending_send })
          .from(projects)
          .where(eq(projects.id, projectId))
          .for('update');
        if (!project?.pending_send) return false;
        const next = await queueNextChunk(context, tx as Db, project.account_id, project.pending_send);
        await tx.update(projects).set({ pending_send: next }).where(eq(projects.id, projectId));
        return next !== null;
      });
      if (!more) return;
    }
  },
});

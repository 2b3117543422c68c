import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { projects, recipients } from '../../db/schema.ts';
import type { Executor } from '../../jobs/queue.ts';
import { debitCredits } from '../credits/ledger.ts';
import { findProject } from '../projects/service.ts';
import type { Member } from '../certificates/service.ts';
import { deliverCertificateJob } from './deliver-job.ts';
import { withEvent } from './events.ts';

/** Sends of this size or more show the queued message and go to history (spec 3 §4). */
export const QUEUED_SEND_THRESHOLD = 500;

export interface SendRequest {
  sender_name?: string;
  /** Only these recipients (still unsent); all unsent ones otherwise. */
  recipients?: number[];
}

/**
 * Queues a project's unsent recipients: under the project's row lock, each chosen recipient goes
 * from draft to queued, their credits are debited and one delivery job per recipient is enqueued,
 * all in one transaction. A second request finds nothing left to queue, so concurrent clicks on
 * Send cost credits once.
 */
export async function queueProjectSend(context: AppContext, member: Member, projectId: number, request: SendRequest) {
  const project = await findProject(context, member, projectId);
  const now = context.clock.now();
  const queued = await context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from projects where id = ${project.id} for update`);
    const conditions = [eq(recipients.project_id, project.id), eq(recipients.state, 'draft')];
    if (request.recipients?.length) conditions.push(inArray(recipients.id, request.recipients));
    const targets = await tx.select({ id: recipients.id, attempt: recipients.attempt }).from(recipients).where(and(...conditions));
    if (!targets.length) return 0;
    await debitCredits(tx as Db, { accountId: project.account_id, amount: targets.length, kind: 'send', reference: `send:${project.id}:${randomUUID()}`, actorId: member.user.id, at: now });
    const ids = targets.map((t) => t.id);
    await tx
      .update(recipients)
      .set({ state: 'queued', attempt: sql`${recipients.attempt} + 1`, sent_details: withEvent('queued', now), updated_at: now })
      .where(inArray(recipients.id, ids));
    if (request.sender_name !== undefined) await tx.update(projects).set({ sender_name: request.sender_name, updated_at: now }).where(eq(projects.id, project.id));
    await context.queue.enqueueMany(
      deliverCertificateJob,
      targets.map((t) => ({ data: { recipientId: t.id, attempt: t.attempt + 1 }, key: `deliver:${t.id}:${t.attempt + 1}` })),
      { tx: tx as Executor },
    );
    return targets.length;
  });
  return {
    success: true,
    queued,
    message: queued >= QUEUED_SEND_THRESHOLD ? `${queued} certificates are queued and will be sent in the next minutes.` : queued ? 'Emails sent' : 'There is no unsent recipient in this project.',
    redirect: queued >= QUEUED_SEND_THRESHOLD ? `/store/history/${project.id}` : undefined,
  };
}

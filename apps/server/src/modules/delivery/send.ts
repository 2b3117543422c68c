import { randomUUID } from 'node:crypto';
import {
  mayUseOwnFonts,
  type RecipientState,
  requiredPlan,
  type SendRequest,
  type SendResult,
  SUPPORT_EMAIL,
  UPGRADE_PATH,
} from '@laurel/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, projects, recipients, type SendPlan, suppressions } from '../../db/schema.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { assertMaySend, isSubUser } from '../../http/permissions.ts';
import type { Executor } from '../../jobs/queue.ts';
import { rearmOrClaim } from '../billing/index.ts';
import type { Member } from '../certificates/index.ts';
import { debitAllocation, debitCredits } from '../credits/index.ts';
import { ownFontsIn } from '../fonts/index.ts';
import { findProject } from '../projects/index.ts';
import { emitWebhookEvent, projectEventData } from '../webhooks/index.ts';
import { auditSend, type Origin } from './activity.ts';
import { assertNoneLapsed } from './lapsed-expiry.ts';
import { continueSendJob, queueNextChunk } from './send-plan.ts';

/** Sends of this size or more show the queued message and go to history (docs/product/delivery.md#flows). */
export const QUEUED_SEND_THRESHOLD = 500;
/** Resend limits (docs/product/delivery.md#rules-and-limits); a super-admin may raise a project's group limit (`projects.resend_limit`). */
export const PROJECT_RESEND_LIMIT = 5;
export const INDIVIDUAL_RESEND_LIMIT = 3;

export const SEND_MESSAGES = {
  senderName: 'Please fill out the Sender Name field.',
  projectResendLimit: (limit: number) =>
    `This project has already been resent ${limit} times. Please contact ${SUPPORT_EMAIL} if it needs to go out again.`,
  individualResendLimit: `This certificate has already been resent ${INDIVIDUAL_RESEND_LIMIT} times. Please contact ${SUPPORT_EMAIL} if it needs to go out again.`,
  inFlight: 'This certificate is being sent right now.',
  nothing: 'There is no unsent recipient in this project.',
  stillQueuing: 'The last send of this project is still being queued. Try again in a moment.',
  ownFonts: (fonts: string[]) =>
    `This certificate uses your own font${fonts.length === 1 ? '' : 's'} (${fonts.join(', ')}), which ${fonts.length === 1 ? 'needs' : 'need'} the ${requiredPlan('custom_fonts').display_name} plan or higher. Resubscribe to send it, or choose other fonts in the builder.`,
} as const;

/**
 * Own fonts belong to plans from Advanced up (docs/product/delivery.md#who-may-do-what): a design that still uses them after the plan
 * lapsed is not sent, and the issuer is led to resubscribe (docs/product/delivery.md#messages).
 */
async function assertFontsAllowed(context: AppContext, accountId: number, design: unknown): Promise<void> {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account || mayUseOwnFonts(account, context.clock.now())) return;
  const fonts = await ownFontsIn(context, accountId, design);
  if (fonts.length) throw forbidden(SEND_MESSAGES.ownFonts(fonts), { error_type: 'upgrade', redirect: UPGRADE_PATH });
}

type Mode = 'first' | 'project-resend' | 'individual-resend';

/**
 * Whose certificate is not paid for: never sent, or sent nothing and had the credit back. A resend
 * of a certificate already issued costs nothing; one that failed costs its credit again.
 */
const UNPAID_STATES: readonly RecipientState[] = ['draft', 'failed', 'suppressed'];

function targetsOf(projectId: number, request: SendRequest): { mode: Mode; where: SQL } {
  const inProject = eq(recipients.project_id, projectId);
  if (request.resend_individual !== undefined)
    return { mode: 'individual-resend', where: and(inProject, eq(recipients.id, request.resend_individual))! };
  if (request.resend_never_logged_in) {
    return {
      mode: 'project-resend',
      where: and(inProject, eq(recipients.state, 'sent'), isNull(recipients.accessed_at), isNull(recipients.revoked_at))!,
    };
  }
  if (request.resend_failed) return { mode: 'project-resend', where: and(inProject, eq(recipients.state, 'failed'))! };
  const conditions = [inProject, eq(recipients.state, 'draft')];
  if (request.recipients?.length) conditions.push(inArray(recipients.id, request.recipients));
  return { mode: 'first', where: and(...conditions)! };
}

/**
 * Queues recipients of a project for delivery: under the project's row lock, unpaid certificates are
 * debited and each chosen recipient goes to `queued` with a new attempt and a delivery job, in one
 * transaction for a send of up to SEND_CHUNK recipients. A larger one queues the rest a chunk per
 * transaction right after (send-plan.ts), and the project takes no other send meanwhile. A second
 * request finds nothing left to queue, so concurrent clicks on Send cost credits once.
 */
export async function queueProjectSend(
  context: AppContext,
  member: Member,
  projectId: number,
  request: SendRequest,
  origin?: Origin,
): Promise<SendResult> {
  assertMaySend(member.user);
  const project = await findProject(context, member, projectId);
  const senderName = request.sender_name?.trim() || project.sender_name;
  if (!senderName) throw badRequest(SEND_MESSAGES.senderName, { field: 'sender_name' });
  await assertFontsAllowed(context, project.account_id, project.snapshot.design);
  const { mode, where } = targetsOf(project.id, request);
  const now = context.clock.now();

  const queued = await context.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ resend_attempts: projects.resend_attempts, resend_limit: projects.resend_limit, pending_send: projects.pending_send })
      .from(projects)
      .where(eq(projects.id, project.id))
      .for('update');
    if (locked!.pending_send) throw conflict(SEND_MESSAGES.stillQueuing);
    if (mode === 'project-resend' && locked!.resend_attempts >= locked!.resend_limit)
      throw badRequest(SEND_MESSAGES.projectResendLimit(locked!.resend_limit), { error_type: 'resend_limit' });

    await assertNoneLapsed(tx as Db, where, now);
    const targets = await tx
      .select({ id: recipients.id, email: recipients.email, state: recipients.state, resend_individual: recipients.resend_individual })
      .from(recipients)
      .where(where)
      .orderBy(asc(recipients.id));
    if (mode === 'individual-resend') {
      const target = targets[0];
      if (!target) throw badRequest('Recipient not found in this project.');
      if (target.state === 'queued' || target.state === 'sending') throw badRequest(SEND_MESSAGES.inFlight);
      if (target.resend_individual >= INDIVIDUAL_RESEND_LIMIT)
        throw badRequest(SEND_MESSAGES.individualResendLimit, { error_type: 'resend_limit' });
      // Resending to one person is the issuer deciding to try a refused address again (a full mailbox
      // that was emptied, a typo fixed on the receiving side). An unsubscribe stays: it is the recipient's.
      await tx
        .delete(suppressions)
        .where(
          and(eq(suppressions.account_id, project.account_id), eq(suppressions.email, target.email), eq(suppressions.reason, 'bounce')),
        );
    }
    if (!targets.length) return 0;

    // A kind of send chooses recipients of one state (an individual resend, one recipient), so they
    // are either all unpaid or all paid for already.
    const unpaid = targets.filter((t) => UNPAID_STATES.includes(t.state)).length;
    const reference = `send:${project.id}:${randomUUID()}`;
    if (unpaid) {
      // A sub-user spends their allocation and the account's credits together (docs/product/delivery.md#what-is-kept).
      if (isSubUser(member.user)) await debitAllocation(tx as Db, member.user.id, unpaid);
      await debitCredits(tx as Db, {
        accountId: project.account_id,
        amount: unpaid,
        kind: 'send',
        reference,
        actorId: member.user.id,
        at: now,
      });
      // The debit may take the balance under the account's automatic purchase threshold: the crossing is
      // claimed and its charge enqueued with the debit, and charged off this request (billing's job).
      await rearmOrClaim(context, tx as Db, project.account_id);
    }
    const plan: SendPlan = {
      ids: targets.map((t) => t.id),
      done: 0,
      from: [...new Set(targets.map((t) => t.state))],
      event: mode === 'first' ? 'queued' : 'resend',
      counts: mode === 'individual-resend' ? 'resend_individual' : mode === 'project-resend' ? 'resend_errored' : null,
      paid: unpaid > 0,
      reference,
      at: now.toISOString(),
    };
    // The first chunk is queued now; a larger send queues the rest right after, a chunk per transaction.
    const rest = await queueNextChunk(context, tx as Db, project.account_id, plan);
    await tx
      .update(projects)
      .set({
        sender_name: senderName,
        updated_at: now,
        pending_send: rest,
        ...(mode === 'project-resend' ? { resend_attempts: sql`${projects.resend_attempts} + 1` } : {}),
      })
      .where(eq(projects.id, project.id));
    if (rest) await context.queue.enqueue(continueSendJob, { projectId: project.id }, { tx: tx as Executor });
    // Once per send, whatever its size: the request that starts it, not each chunk the job queues later.
    await emitWebhookEvent(context, tx as Db, {
      accountId: project.account_id,
      type: 'project.sent',
      data: projectEventData(project, { queued: targets.length, at: now }),
    });
    await auditSend(context, tx as Db, member, origin, {
      project,
      queued: targets.length,
      resend: mode === 'first' ? null : mode === 'individual-resend' ? 'recipient' : request.resend_failed ? 'failed' : 'unopened',
      to: mode === 'individual-resend' ? targets[0]!.email : undefined,
    });
    return targets.length;
  });

  const big = queued >= QUEUED_SEND_THRESHOLD;
  return {
    success: true,
    queued,
    message: big
      ? `${queued} certificates are queued and will be sent in the next minutes.`
      : queued
        ? 'Emails sent'
        : SEND_MESSAGES.nothing,
    redirect: big ? `/store/history/${project.id}` : undefined,
  };
}

// The database side of deliveries: claiming a batch, recording what became of each attempt.
import { CERTIFICATE_MAIL_KIND, type RecipientState } from '@laurel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  accountEmailSettings,
  accounts,
  certificateSets,
  mailMessages,
  projects,
  recipients,
  type SnapshotFile,
  suppressions,
  users,
} from '../../db/schema.ts';
import type { OutgoingMessage } from '../../mail/outgoing-message.ts';
import { grantCredits } from '../credits/index.ts';
import { emitWebhookEvent, emitWebhookEvents, hasWebhookListeners, recipientEventData } from '../webhooks/index.ts';
import { withEvent } from './events.ts';

export type DeliveryJob = { recipientId: number; attempt: number };
const STILL_DELIVERING: RecipientState[] = ['queued', 'sending'];
export type Delivery = NonNullable<Awaited<ReturnType<typeof claimMany>>[number]>;
/** A message the embedded default keeps in the outbox instead of sending (no SMTP_URL). */
export type Kept = { accountId: number; projectId: number; email: OutgoingMessage; attachments?: SnapshotFile[] };
/** An attempt whose message left (or was kept), to be recorded with the rest of its batch. */
export type Delivered = { job: DeliveryJob; accountId: number; messageId: string; kept?: Kept };

/** The attempts of a batch as a row-value list: `(id, attempt) in ((1, 2), (5, 1), ...)`. */
const attemptsOf = (jobs: DeliveryJob[]) =>
  sql`(${recipients.id}, ${recipients.attempt}) in (${sql.join(
    jobs.map((j) => sql`(${j.recipientId}::bigint, ${j.attempt}::int)`),
    sql`, `,
  )})`;

/**
 * The claim: the recipients move to `sending` for these attempts, committed before anything leaves, in
 * one statement for the batch; then one query reads what their deliveries need. A job whose recipient
 * is not claimed is stale (a newer attempt exists, or the delivery already ended).
 */
export async function claimMany(context: AppContext, jobs: DeliveryJob[], event: 'sending' | 'retry') {
  if (!jobs.length) return [];
  const now = context.clock.now();
  const claimed = await context.db
    .update(recipients)
    .set({ state: 'sending', sent_details: withEvent(event, now), updated_at: now })
    .where(
      and(
        attemptsOf(jobs),
        inArray(recipients.state, STILL_DELIVERING),
        // Nothing more goes out for an account being deleted; its recipients are on their way out.
        sql`not exists (select 1 from ${accounts} where ${accounts.id} = ${recipients.account_id} and ${accounts.deleted_at} is not null)`,
      ),
    )
    .returning({ id: recipients.id });
  if (!claimed.length) return [];
  const rows = await context.db
    .select({
      recipient: recipients,
      project: projects,
      account: accounts,
      emailSettings: accountEmailSettings,
      ownerEmail: users.email,
      suppressed: suppressions.reason,
      // The set's name as it is now, which the credential's achievement and the LinkedIn entry are named after.
      setName: certificateSets.name,
    })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .leftJoin(certificateSets, and(eq(certificateSets.id, projects.certificate_id), eq(certificateSets.account_id, projects.account_id)))
    .leftJoin(accountEmailSettings, eq(accountEmailSettings.account_id, recipients.account_id))
    .leftJoin(users, eq(users.id, projects.user_id))
    .leftJoin(suppressions, and(eq(suppressions.account_id, recipients.account_id), eq(suppressions.email, recipients.email)))
    .where(
      inArray(
        recipients.id,
        claimed.map((c) => c.id),
      ),
    );
  // The batch's recipients of one project (nearly always all of them) share one copy of it and of its account:
  // the batch holds one snapshot while its messages go out, not one per recipient, and what is worked out from the
  // snapshot (`awardedTitle`) is worked out once.
  const projectsById = new Map<number, (typeof rows)[number]['project']>();
  const accountsById = new Map<number, (typeof rows)[number]['account']>();
  return rows.map((row) => {
    const project = projectsById.get(row.project.id) ?? row.project;
    const account = accountsById.get(row.account.id) ?? row.account;
    projectsById.set(project.id, project);
    accountsById.set(account.id, account);
    return { ...row, project, account };
  });
}

/**
 * Ends the batch's delivered attempts as `sent` in one statement, with the messages kept in the outbox
 * and the `recipient.delivered` events of accounts with a webhook for them. A batch nobody listens to
 * and with nothing to keep stays one statement, after one probe of the webhook endpoints' index.
 */
export async function finishSent(context: AppContext, delivered: Delivered[]) {
  if (!delivered.length) return;
  const now = context.clock.now();
  const markSent = (db: Db) =>
    db
      .update(recipients)
      .set({
        state: 'sent',
        sent_details: withEvent('sent', now),
        updated_at: now,
        sent_at: now,
        message_id: sql`case ${sql.join(
          delivered.map((d) => sql`when ${recipients.id} = ${d.job.recipientId}::bigint then ${d.messageId}`),
          sql` `,
        )} end`,
      })
      .where(and(attemptsOf(delivered.map((d) => d.job)), inArray(recipients.state, STILL_DELIVERING)));
  const kept = delivered.flatMap((d) => (d.kept ? [d.kept] : []));
  const listened = await hasWebhookListeners(
    context.db,
    delivered.map((d) => d.accountId),
    'recipient.delivered',
  );
  // Mail that left by SMTP needs one statement; mail kept in the outbox, and the events, are kept in the same transaction.
  if (!kept.length && !listened) return void (await markSent(context.db));
  await context.db.transaction(async (tx) => {
    await keepInOutbox(context, tx as Db, kept);
    const sent = await markSent(tx as Db).returning();
    if (listened) {
      await emitWebhookEvents(
        context,
        tx as Db,
        sent.map((r) => ({ accountId: r.account_id, type: 'recipient.delivered', data: recipientEventData(r, context.env.PUBLIC_URL) })),
      );
    }
  });
}

/**
 * Ends an attempt that delivered nothing; one that sent nothing at all (failed, suppressed) gives its
 * credit back. Rare, so one at a time.
 */
export async function finish(context: AppContext, job: DeliveryJob, state: 'bounced' | 'failed' | 'suppressed', detail?: string) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const ended = await tx
      .update(recipients)
      .set({ state, sent_details: withEvent(state, now, detail), updated_at: now })
      .where(and(eq(recipients.id, job.recipientId), eq(recipients.attempt, job.attempt), inArray(recipients.state, STILL_DELIVERING)))
      .returning();
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
      await emitWebhookEvent(context, tx as Db, {
        accountId: row.account_id,
        type: 'recipient.bounced',
        data: recipientEventData(row, context.env.PUBLIC_URL),
      });
    }
  });
}

/**
 * The embedded default keeps certificate mail in the outbox, where super-admins can read it: the
 * batch's messages in one statement, less those a run before a crash already kept.
 */
async function keepInOutbox(context: AppContext, tx: Db, kept: Kept[]) {
  if (!kept.length) return;
  const already = await tx
    .select({ message_id: mailMessages.message_id })
    .from(mailMessages)
    .where(
      inArray(
        mailMessages.message_id,
        kept.map((k) => k.email.messageId),
      ),
    );
  const known = new Set(already.map((row) => row.message_id));
  const now = context.clock.now();
  const rows = kept
    .filter((k) => !known.has(k.email.messageId))
    .map(({ accountId, projectId, email, attachments }) => ({
      account_id: accountId,
      project_id: projectId,
      kind: CERTIFICATE_MAIL_KIND,
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
      attachments: attachments ?? [],
      status: 'kept',
      attempts: 1,
      created_at: now,
    }));
  if (rows.length) await tx.insert(mailMessages).values(rows);
  for (const { email } of kept) {
    // As with the product's own mail, the console shows where the message leads: here the certificate page.
    const links = (email.text.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]+/g) ?? []).slice(0, 1);
    context.log.info({ to: email.to, subject: email.subject, links }, 'mail kept in the outbox (no SMTP_URL)');
  }
}

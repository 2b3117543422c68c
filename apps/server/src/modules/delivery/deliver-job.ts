import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, mailMessages, projects, recipients, suppressions, users } from '../../db/schema.ts';
import { defineJob } from '../../jobs/queue.ts';
import { composeCertificateEmail } from '../../mail/certificate-email/index.ts';
import { isPermanentSmtpFailure } from '../../mail/transport.ts';
import { grantCredits } from '../credits/ledger.ts';
import { issuedCertificatePdf } from './certificate-file.ts';
import { withEvent } from './events.ts';
import { certificateMessageId, portalAddress, recipientLinks } from './links.ts';

const RETRY_LIMIT = 6;

async function load(context: AppContext, recipientId: number) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects, account: accounts })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(eq(recipients.id, recipientId));
  return row;
}

/** Ends a delivery that sent nothing (failed for good, suppressed): the credit goes back. */
async function endWithoutSending(context: AppContext, recipientId: number, attempt: number, accountId: number, state: 'failed' | 'suppressed', detail: string) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const ended = await tx
      .update(recipients)
      .set({ state, sent_details: withEvent(state, now, detail), updated_at: now })
      .where(and(eq(recipients.id, recipientId), eq(recipients.attempt, attempt), inArray(recipients.state, ['queued', 'sending'])))
      .returning({ id: recipients.id });
    if (ended.length) {
      await grantCredits(tx as Db, { accountId, bucket: 'payg', amount: 1, kind: 'refund', reference: `refund:${recipientId}:${attempt}`, at: now });
    }
  });
}

/**
 * One recipient's delivery: claim, render (once), compose, send, record. Idempotent: a job for an
 * older attempt or a recipient already done does nothing; the claim is committed before SMTP, and a
 * retry after a crash sends the same message again with the same Message-ID.
 */
export const deliverCertificateJob = defineJob<{ recipientId: number; attempt: number }, AppContext>({
  name: 'certificate.deliver',
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
  async handle({ recipientId, attempt }, context, job) {
    const found = await load(context, recipientId);
    if (!found) return;
    const { recipient, project, account } = found;
    if (recipient.attempt !== attempt || !['queued', 'sending'].includes(recipient.state)) return;

    const now = context.clock.now();
    await context.db
      .update(recipients)
      .set({ state: 'sending', sent_details: withEvent('sending', now), updated_at: now })
      .where(and(eq(recipients.id, recipient.id), eq(recipients.attempt, attempt)));

    const [suppressed] = await context.db
      .select({ reason: suppressions.reason })
      .from(suppressions)
      .where(and(eq(suppressions.account_id, account.id), eq(suppressions.email, recipient.email)));
    if (suppressed) return endWithoutSending(context, recipient.id, attempt, account.id, 'suppressed', suppressed.reason);

    await issuedCertificatePdf(context, project, recipient);
    const [owner] = project.user_id ? await context.db.select({ email: users.email }).from(users).where(eq(users.id, project.user_id)) : [];
    const links = recipientLinks(context, recipient.token);
    const email = composeCertificateEmail({
      design: project.snapshot.email,
      account: {
        name: account.name,
        email: owner?.email ?? context.env.MAIL_FROM,
        logoUrl: account.imagepath ? `${context.env.PUBLIC_URL}${account.imagepath}` : null,
        portalUrl: portalAddress(context, account.url),
        customSender: project.sender_name ? { name: project.sender_name, email: /<([^>]+)>/.exec(context.env.MAIL_FROM)?.[1] ?? context.env.MAIL_FROM } : null,
      },
      recipient: {
        first_name: recipient.first_name,
        last_name: recipient.last_name,
        email: recipient.email,
        fields: recipient.meta,
        certificate: {
          url: links.certificate,
          id: recipient.certificate_number,
          issuedAt: recipient.created_at,
          expiresAt: recipient.meta.EXPIRATION_DATE ? new Date(`${recipient.meta.EXPIRATION_DATE}T00:00:00Z`) : null,
          title: project.snapshot.name,
        },
      },
      links: { unsubscribeUrl: links.unsubscribe, preferencesUrl: links.preferences, privacyUrl: links.privacy },
      messageId: certificateMessageId(context, recipient.id, attempt),
      productFrom: context.env.MAIL_FROM,
    });

    try {
      if (context.transport) {
        await context.transport.send({ ...email, attachments: [] });
      } else {
        // The embedded default keeps the message in the outbox, where it can be read.
        const [kept] = await context.db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.message_id, email.messageId));
        if (!kept) {
          await context.db.insert(mailMessages).values({
            account_id: account.id, kind: 'certificate', to_address: email.to, from_address: email.from, subject: email.subject,
            html: email.html, text: email.text, reply_to: email.replyTo, cc: email.cc, bcc: email.bcc, headers: email.headers,
            message_id: email.messageId, status: 'kept', attempts: 1, created_at: now,
          });
        }
      }
    } catch (error) {
      const message = String((error as Error).message ?? error);
      if (isPermanentSmtpFailure(error)) {
        const at = context.clock.now();
        await context.db.transaction(async (tx) => {
          await tx.update(recipients).set({ state: 'bounced', sent_details: withEvent('bounced', at, message), updated_at: at }).where(eq(recipients.id, recipient.id));
          await tx.insert(suppressions).values({ account_id: account.id, email: recipient.email, reason: 'bounce', created_at: at }).onConflictDoNothing();
        });
        return;
      }
      if (job.retryCount >= RETRY_LIMIT) return endWithoutSending(context, recipient.id, attempt, account.id, 'failed', message);
      await context.db.update(recipients).set({ state: 'queued', sent_details: withEvent('retry', context.clock.now(), message) }).where(eq(recipients.id, recipient.id));
      throw error;
    }

    const sentAt = context.clock.now();
    await context.db
      .update(recipients)
      .set({ state: 'sent', sent_at: sentAt, message_id: email.messageId, sent_details: withEvent('sent', sentAt), updated_at: sentAt })
      .where(and(eq(recipients.id, recipient.id), eq(recipients.attempt, attempt)));
  },
});

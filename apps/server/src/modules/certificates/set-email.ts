import { migrateDesign } from '@laurel/certificate';
import { EMAIL_DESIGN_MESSAGES, type EmailPreview, isValidEmail, type TestEmailRequest } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { assertMayEditEmails } from '../../http/permissions.ts';
import { prepareEmail, previewEmail, sendTestEmail } from './email.ts';
import { findCertificateSet, type Member } from './service.ts';
import { checkedTestRecipient } from './test-recipients.ts';

/** Where sample previews pretend to go. */
export const SAMPLE_RECIPIENT = 'alex.morgan@example.com';
export const TEST_EMAIL_SENT = 'Email sent. Please check admin email inbox.';

/** The unsaved editor state composed as the set's recipients will get it; also checks the editor's rules. */
export async function previewSetEmail(
  context: AppContext,
  member: Member,
  id: number,
  changes: Record<string, unknown>,
): Promise<EmailPreview> {
  const set = await findCertificateSet(context, member, id);
  const email = prepareEmail(set.email, changes);
  return previewEmail(context, {
    accountId: member.accountId,
    senderEmail: member.user.email,
    email,
    design: migrateDesign(set.design),
    to: SAMPLE_RECIPIENT,
    title: set.name,
    setId: set.id,
  });
}

/**
 * A test of the set's saved email to one address of the account (the user's own when none is given),
 * with the sample values given. Refused while the saved email has no reply-to, or while a value is left empty.
 */
export async function sendSetTestEmail(context: AppContext, member: Member, id: number, request: TestEmailRequest): Promise<void> {
  assertMayEditEmails(member.user);
  const set = await findCertificateSet(context, member, id);
  const replyTo = set.email.reply_to;
  if (typeof replyTo !== 'string' || !replyTo.trim()) throw badRequest(EMAIL_DESIGN_MESSAGES.replyToMissingForTest, { field: 'reply_to' });
  if (request.email !== undefined && !isValidEmail(request.email)) throw badRequest('Invalid email format', { field: 'email' });
  if (request.fields.some((f) => !f.value.trim())) throw badRequest('Fill in every field to send a test.', { field: 'fields' });
  const to = await checkedTestRecipient(context, member, request.email);
  const fields = Object.fromEntries(request.fields.map((f) => [f.name.replace(/^\[|\]$/g, ''), f.value]));
  await sendTestEmail(context, {
    accountId: member.accountId,
    senderEmail: member.user.email,
    email: set.email,
    design: migrateDesign(set.design),
    to,
    fields,
    title: set.name,
    setId: set.id,
  });
}

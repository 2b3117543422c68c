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

/** A field given empty would arrive as a blank in the test: it is refused, naming the field, and left out takes the sample. */
export const emptyTestValue = (name: string) => `[${name}] is empty: type a value, or leave the field out to use the design's sample.`;

const bare = (name: string) => name.replace(/^\s*\[|\]\s*$/g, '').trim();

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
 * A test of the set's saved email to one address of the account (the user's own when none is given), with the values
 * given over the design's sample; answers the address it went to. Refused while the saved email has no reply-to, or
 * while a value given is empty.
 */
export async function sendSetTestEmail(context: AppContext, member: Member, id: number, request: TestEmailRequest): Promise<string> {
  assertMayEditEmails(member.user);
  const set = await findCertificateSet(context, member, id);
  const replyTo = set.email.reply_to;
  if (typeof replyTo !== 'string' || !replyTo.trim()) throw badRequest(EMAIL_DESIGN_MESSAGES.replyToMissingForTest, { field: 'reply_to' });
  if (request.email !== undefined && !isValidEmail(request.email)) throw badRequest('Invalid email format', { field: 'email' });
  const empty = request.fields.find((f) => !f.value.trim());
  if (empty) throw badRequest(emptyTestValue(bare(empty.name)), { field: 'fields' });
  const to = await checkedTestRecipient(context, member, request.email);
  const fields = Object.fromEntries(request.fields.map((f) => [bare(f.name), f.value.trim()]));
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
  return to;
}

import { randomBytes } from 'node:crypto';
import type { CertificateDesign, Recipient } from '@laurel/certificate';
import {
  attachesPdf,
  type EmailDesign,
  type EmailPreview,
  emailDesignSchema,
  SAMPLE_CERTIFICATE_NUMBER,
  validateEmailDesign,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, certificateUploads, storedFiles } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { signPath } from '../../http/signed-urls.ts';
import { accountMailLinks } from '../../mail/account-mail-links.ts';
import { type CertificateEmail, composeCertificateEmail, sanitizeEmailHtml } from '../../mail/certificate-email/index.ts';
import { newMessageId, queueMail } from '../../mail/outbox.ts';
import { certificatePdfName } from '../files/index.ts';
import { designPdf } from './rendering.ts';
import { testEmailFields, testRecipient, testRecipientQuery } from './test-values.ts';

/**
 * The email design a save produces: the stored one with the changes on top, completed with the
 * spec's defaults, the body sanitised, and checked by the email editor's rules. Refused whole when
 * a rule fails, so nothing changes.
 */
export function prepareEmail(current: Record<string, unknown>, changes: Record<string, unknown>): EmailDesign {
  const parsed = emailDesignSchema.safeParse({ ...current, ...changes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { field: issue.path.join('.'), error_type: 'invalid' });
  }
  const design = { ...parsed.data, email_body: sanitizeEmailHtml(parsed.data.email_body) };
  const problems = validateEmailDesign(design);
  if (problems.length)
    throw badRequest(problems[0]!.message, { field: problems[0]!.field, errors: problems.map((p) => p.message), error_type: 'invalid' });
  return design;
}

const absolute = (context: AppContext, path: string) => `${context.env.PUBLIC_URL}${path}`;

interface Sample {
  accountId: number | null;
  senderEmail: string;
  email: Record<string, unknown>;
  design: CertificateDesign;
  to: string;
  /** Values given for a test, by merge field; the design's sample fills the rest (testRecipient). */
  fields: Record<string, string>;
  title: string;
}

/** Composes a set's email for a made-up recipient, exactly as a real one would get it. */
async function composeSample(
  context: AppContext,
  sample: Omit<Sample, 'fields'> & { recipient: Recipient; certificateUrl: string },
): Promise<CertificateEmail> {
  const account = sample.accountId ? (await context.db.select().from(accounts).where(eq(accounts.id, sample.accountId)))[0] : undefined;
  const { recipient } = sample;
  return composeCertificateEmail({
    design: sample.email,
    account: {
      name: account?.name ?? 'Laurel',
      email: sample.senderEmail,
      ...(account ? accountMailLinks(context, account) : { logoUrl: null, portalUrl: null }),
    },
    recipient: {
      first_name: recipient.firstName,
      last_name: recipient.lastName,
      email: sample.to,
      fields: testEmailFields(recipient, sample.design),
      certificate: {
        url: sample.certificateUrl,
        id: recipient.certificateNumber ?? SAMPLE_CERTIFICATE_NUMBER,
        issuedAt: context.clock.now(),
        expiresAt: null,
        title: sample.title,
      },
    },
    links: {
      unsubscribeUrl: absolute(context, '/unsubscribe/sample'),
      preferencesUrl: absolute(context, '/preferences/sample'),
      privacyUrl: absolute(context, '/privacy'),
    },
    messageId: newMessageId(context.env.MAIL_FROM),
    productFrom: context.env.MAIL_FROM,
  });
}

/** The editor's preview: the design's sample recipient, the one a test starts from. */
export async function previewEmail(context: AppContext, input: Omit<Sample, 'fields'> & { setId: number | null }): Promise<EmailPreview> {
  const email = await composeSample(context, {
    ...input,
    recipient: testRecipient(input.design, {}, context.clock.now()),
    certificateUrl: absolute(context, input.setId ? `/api/certificates/${input.setId}/pdf?type=stream` : '/'),
  });
  return { subject: email.subject, html: email.html, text: email.text, from: email.from, reply_to: email.replyTo };
}

const TEST_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * A test of the set's email to one address: composed with the values given over the design's sample, its download
 * link drawing the certificate with the same values, and carrying what a recipient's message would: the certificate
 * as the PDF an email attaches (screen-resolution images) when the email attaches one, and the set's files.
 */
export async function sendTestEmail(context: AppContext, input: Sample & { setId: number | null }): Promise<void> {
  const recipient = testRecipient(input.design, input.fields, context.clock.now());
  const pdf = attachesPdf(input.email)
    ? await designPdf(context, input.accountId, input.design, recipient, input.title, { print: false })
    : null;
  const key = `${randomBytes(18).toString('base64url')}.pdf`;
  if (pdf) await context.files.put(key, pdf);
  const certificateUrl = input.setId
    ? absolute(context, signPath(context, `/api/certificates/${input.setId}/pdf?${testRecipientQuery(recipient)}`, TEST_LINK_TTL_MS))
    : context.env.PUBLIC_URL;
  const email = await composeSample(context, { ...input, recipient, certificateUrl });
  const uploads = input.setId
    ? await context.db.select().from(certificateUploads).where(eq(certificateUploads.certificate_id, input.setId))
    : [];
  await context.db.transaction(async (tx) => {
    if (pdf) {
      await tx.insert(storedFiles).values({
        account_id: input.accountId,
        key,
        kind: 'rendered',
        mime: 'application/pdf',
        size: pdf.length,
        original_name: 'certificate.pdf',
      });
    }
    await queueMail(context, tx as Db, {
      kind: 'test_certificate',
      accountId: input.accountId,
      from: email.from,
      to: input.to,
      replyTo: email.replyTo,
      subject: `[Test] ${email.subject}`,
      html: email.html,
      text: email.text,
      headers: email.headers,
      messageId: email.messageId,
      attachments: [
        ...(pdf ? [{ key, filename: certificatePdfName('', input.title), contentType: 'application/pdf' }] : []),
        ...uploads.map((u) => ({ key: u.file_key, filename: u.name, contentType: u.mime })),
      ],
    });
  });
}

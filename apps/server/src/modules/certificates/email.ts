import { randomBytes } from 'node:crypto';
import { type CertificateDesign, elementText, mergeFieldNames } from '@laurel/certificate';
import { attachesPdf, type EmailDesign, type EmailPreview, emailDesignSchema, validateEmailDesign } from '@laurel/domain';
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

/** Names of merge fields the certificate itself fills in, not data columns. */
const BUILT_IN_FIELDS = new Set([
  'first name',
  'last name',
  'participant name',
  'first_name',
  'last_name',
  'account_name',
  'account_email',
  'recipient email',
]);

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

/** The certificate's own data fields ([COURSE], [DATE] …), which the send wizard maps columns to. */
export function dataFields(design: CertificateDesign): string[] {
  const names = new Map<string, string>();
  for (const element of [...design.elements, ...design.back_side_elements]) {
    if (element.type === 'name') continue;
    for (const name of mergeFieldNames(elementText(element))) {
      if (!BUILT_IN_FIELDS.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
  }
  return [...names.values()];
}

const absolute = (context: AppContext, path: string) => `${context.env.PUBLIC_URL}${path}`;

interface Sample {
  accountId: number | null;
  senderEmail: string;
  email: Record<string, unknown>;
  design: CertificateDesign;
  to: string;
  fields: Record<string, string>;
  certificateUrl: string;
  title: string;
}

/** Composes a set's email for sample data, exactly as a recipient would get it. */
async function composeSample(context: AppContext, sample: Sample): Promise<CertificateEmail> {
  const account = sample.accountId ? (await context.db.select().from(accounts).where(eq(accounts.id, sample.accountId)))[0] : undefined;
  const fields = { ...Object.fromEntries(dataFields(sample.design).map((f) => [f, `Sample ${f.toLowerCase()}`])), ...sample.fields };
  const first = fields['FIRST NAME'] ?? fields.FIRST_NAME ?? 'Alex';
  const last = fields['LAST NAME'] ?? fields.LAST_NAME ?? 'Morgan';
  return composeCertificateEmail({
    design: sample.email,
    account: {
      name: account?.name ?? 'Laurel',
      email: sample.senderEmail,
      ...(account ? accountMailLinks(context, account) : { logoUrl: null, portalUrl: null }),
    },
    recipient: {
      first_name: first,
      last_name: last,
      email: sample.to,
      fields,
      certificate: { url: sample.certificateUrl, id: 'SAMPLE-0001', issuedAt: context.clock.now(), expiresAt: null, title: sample.title },
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

export async function previewEmail(
  context: AppContext,
  input: Omit<Sample, 'certificateUrl' | 'fields' | 'to'> & { to: string; setId: number | null },
): Promise<EmailPreview> {
  const email = await composeSample(context, {
    ...input,
    fields: {},
    certificateUrl: absolute(context, input.setId ? `/api/certificates/${input.setId}/pdf?type=stream` : '/'),
  });
  return { subject: email.subject, html: email.html, text: email.text, from: email.from, reply_to: email.replyTo };
}

const TEST_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * A test of the set's email to one address: composed with the sample values given, its download link pointing at
 * the certificate drawn for them, and carrying what a recipient's message would: the certificate as the PDF an email
 * attaches (screen-resolution images) when the email attaches one, and the set's files.
 */
export async function sendTestEmail(context: AppContext, input: Omit<Sample, 'certificateUrl'> & { setId: number | null }): Promise<void> {
  const pdf = attachesPdf(input.email)
    ? await designPdf(
        context,
        input.accountId,
        input.design,
        {
          firstName: input.fields['FIRST NAME'] ?? input.fields.FIRST_NAME ?? 'Alex',
          lastName: input.fields['LAST NAME'] ?? input.fields.LAST_NAME ?? 'Morgan',
          fields: input.fields,
        },
        input.title,
        { print: false },
      )
    : null;
  const key = `${randomBytes(18).toString('base64url')}.pdf`;
  if (pdf) await context.files.put(key, pdf);
  const certificateUrl = input.setId
    ? absolute(context, signPath(context, `/api/certificates/${input.setId}/pdf?type=stream`, TEST_LINK_TTL_MS))
    : context.env.PUBLIC_URL;
  const email = await composeSample(context, { ...input, certificateUrl });
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

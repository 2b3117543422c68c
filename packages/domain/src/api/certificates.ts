import { certificateDesignSchema, EXPIRATION_DATE_FORMATS, PAGE_FORMATS } from '@laurel/certificate';
import { z } from 'zod';
import { emailDesignSchema } from '../email-design.ts';
import { accountIdParams, defineCalls, id, idParams, okReply, queryInt, timestamp } from './contract.ts';
import { emailPreview } from './email-preview.ts';

/** Certificate sets of the builder, their email and attachments, and the send wizard's view of them (docs/product/builder.md#calls). */

const SET_FIELDS =
  'Beside these, any design field (`format`, `elements` …) and any email field (`email_subject`, `email_body` …) of a set; ' +
  "the design is checked with the builder's rules, the email with the email editor's.";

/** The longest achievement description and criteria an issuer may write for a set's credentials. */
export const ACHIEVEMENT_DESCRIPTION_MAX = 1_000;
export const ACHIEVEMENT_CRITERIA_MAX = 2_000;

/**
 * What a set's credentials say of the achievement when the issuer wrote nothing: plain sentences naming the
 * set and the issuer (both sides use them: the server signs them, the settings show them as the fields' grey hints).
 */
export const defaultAchievementDescription = (setName: string, issuerName: string) =>
  `${setName}: a certificate issued by ${issuerName || 'its issuer'}.`;
export const defaultAchievementCriteria = (setName: string, issuerName: string) =>
  `Awarded by ${issuerName || 'its issuer'} to each recipient of the ${setName} certificate.`;

/** Refused as "Achievement description: Use at most 1,000 characters." (the field names itself). */
const achievementText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);

/**
 * What the builder saves: a name and a template to start from, beside any design field (`format`,
 * `elements` …) and any email field (`email_subject`, `reply_to` …). The server restores the design to
 * the current version and checks it with the builder's rules, and the email with the email editor's.
 */
export const certificateSetCreate = z
  .object({
    name: z.string().trim().min(1, 'Certificate name is required.').max(120),
    style_id: z.number().int().positive().nullable().optional(),
    reply_to: z.string().trim().max(254).optional(),
    /** What the set's Open Badges credentials say the achievement is; empty for the default sentence. */
    achievement_description: achievementText(ACHIEVEMENT_DESCRIPTION_MAX).optional(),
    /** What a recipient did to earn it (the achievement's criteria); empty for the default sentence. */
    achievement_criteria: achievementText(ACHIEVEMENT_CRITERIA_MAX).optional(),
  })
  .catchall(z.unknown())
  .meta({ description: SET_FIELDS });
export type CertificateSetCreate = z.infer<typeof certificateSetCreate>;

/** A save of some fields only: what is not given stays as it is. */
export const certificateSetUpdate = certificateSetCreate
  .partial()
  .meta({ description: `${SET_FIELDS} Fields not given stay as they are.` });
export type CertificateSetUpdate = z.infer<typeof certificateSetUpdate>;

/** The editor's unsaved email as it is being edited; the server checks it with the editor's rules. */
export const emailEdit = z.record(z.string(), z.unknown());

/** A certificate set as the builder reads it: the design fields and the email fields flat beside its name. */
export const certificateSet = z
  .object({
    id: z.number().int(),
    name: z.string(),
    account_id: z.number().int(),
    /** The global template the set was started from. */
    style_id: z.number().int().nullable(),
    /** The achievement its credentials name, as the issuer wrote it; empty when they carry the default sentence. */
    achievement_description: z.string(),
    achievement_criteria: z.string(),
    ...certificateDesignSchema.shape,
    ...emailDesignSchema.shape,
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'CertificateSet' });
export type CertificateSet = z.infer<typeof certificateSet>;

/** A file attached to every email of a set. */
export const attachedFile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    size: z.number().int(),
    mime: z.string(),
    /** The file's public address (`/api/files/{key}`). */
    url: z.string(),
  })
  .meta({ id: 'AttachedFile' });
export type AttachedFile = z.infer<typeof attachedFile>;

/** A set as the builder opens it: with the files its email carries. */
export const certificateSetWithUploads = certificateSet
  .extend({ uploads: z.array(attachedFile) })
  .meta({ id: 'CertificateSetWithUploads' });
export type CertificateSetWithUploads = z.infer<typeof certificateSetWithUploads>;

/** A set of the paged list, with a signed thumbnail address (an `<img>` sends no session header). */
export const certificateSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    format: z.enum(PAGE_FORMATS),
    is_portrait: z.boolean(),
    use_two_side: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
    image: z.string(),
  })
  .meta({ id: 'CertificateSummary' });
export type CertificateSummary = z.infer<typeof certificateSummary>;

export const RECIPIENT_FIELD_KINDS = ['first_name', 'last_name', 'full_name', 'email', 'expiration_date', 'data'] as const;

/** A column an import must fill for a set (docs/product/builder.md#what-is-kept): names, address, expiration date, the design's own fields. */
export const recipientField = z.object({
  key: z.string(),
  kind: z.enum(RECIPIENT_FIELD_KINDS),
  /** The combined name may stay unmapped when first and last names are mapped. */
  optional: z.boolean(),
});

/** A set as the send wizard's first step lists it. */
export const sendableCertificate = certificateSummary
  .extend({
    /** The format the import's expiration dates are read in; null when the design shows no expiration date. */
    expiration_date_format: z.enum(EXPIRATION_DATE_FORMATS).nullable(),
    fields: z.array(recipientField),
  })
  .meta({ id: 'SendableCertificate' });
export type SendableCertificate = z.infer<typeof sendableCertificate>;

/** The delivery email one imported row would get, and the address it would go to. */
export const recipientEmailPreview = emailPreview.extend({ to: z.string() }).meta({ id: 'RecipientEmailPreview' });
export type RecipientEmailPreview = z.infer<typeof recipientEmailPreview>;

/**
 * A test message's values, by merge field (`[COURSE]` or `COURSE`). What is not given takes the design's sample,
 * the one the builder's preview shows; the certificate number is `SAMPLE_CERTIFICATE_NUMBER` unless given.
 */
export const testEmailRequest = z.object({
  /** Where the test goes; the signed-in user's own address when not given. */
  email: z.string().trim().max(254).optional(),
  fields: z
    .array(z.object({ name: z.string().max(100), value: z.string().max(500) }))
    .max(100)
    .default([]),
});
export type TestEmailRequest = z.infer<typeof testEmailRequest>;

/** The certificate number a test certificate and its email carry: plainly not one the account issued. */
export const SAMPLE_CERTIFICATE_NUMBER = 'SAMPLE-0001';

/** What a sent test says, naming where it went. */
export const testEmailSentMessage = (to: string) => `Test email sent to ${to}.`;

/** A test that was queued, and the address it went to. */
export const testEmailSent = okReply.extend({ to: z.string() }).meta({ id: 'TestEmailSent' });
export type TestEmailSent = z.infer<typeof testEmailSent>;

const page = (limit: number) => ({
  limit: queryInt(1, 100).default(limit),
  offset: z.coerce.number<number | string>().int().min(0).default(0),
});

export const certificateCalls = defineCalls('certificates', {
  listCertificates: {
    method: 'GET',
    path: '/api/certificates',
    summary: "List the account's certificate sets, last changed first",
    access: 'session',
    query: z.object(page(10)),
    response: z.object({ certificates: z.array(certificateSummary), count: z.number().int() }),
  },
  getCertificate: {
    method: 'GET',
    path: '/api/certificates/:id',
    summary: 'Read a certificate set with its email attachments',
    access: 'session',
    params: idParams,
    response: certificateSetWithUploads,
  },
  createCertificate: {
    method: 'POST',
    path: '/api/certificates',
    summary: 'Create a certificate set, blank or from a global template, within the account’s allowance',
    access: 'session',
    body: certificateSetCreate,
    response: certificateSet,
    errors: [404],
  },
  updateCertificate: {
    method: 'PUT',
    path: '/api/certificates/:id',
    summary: "Save a certificate set's name, design or email",
    access: 'session',
    params: idParams,
    body: certificateSetUpdate,
    response: certificateSet,
  },
  deleteCertificate: {
    method: 'DELETE',
    path: '/api/certificates/:id',
    summary: 'Delete a certificate set; projects already sent keep their copy of it',
    access: 'session',
    params: idParams,
    response: okReply,
  },
  duplicateCertificate: {
    method: 'POST',
    path: '/api/certificates/:id/duplicate',
    summary: 'Copy a certificate set under a new name, within the account’s allowance',
    access: 'session',
    params: idParams,
    response: certificateSet,
  },
  attachCertificateFile: {
    method: 'POST',
    path: '/api/certificates/:id/uploads',
    summary: 'Attach a file (form field `file`) to every email of a certificate set',
    access: 'session',
    params: idParams,
    body: 'multipart',
    response: attachedFile,
    errors: [413],
  },
  detachCertificateFile: {
    method: 'DELETE',
    path: '/api/certificates/:id/uploads/:uploadId',
    summary: "Remove a file from a certificate set's email",
    access: 'session',
    params: idParams.extend({ uploadId: id() }),
    response: okReply,
  },
  previewCertificateEmail: {
    method: 'POST',
    path: '/api/certificates/:id/email-preview',
    summary: "Compose the editor's unsaved email with sample data, as the set's recipients will get it",
    access: 'session',
    params: idParams,
    body: emailEdit,
    response: emailPreview,
  },
  listTestEmailRecipients: {
    method: 'GET',
    path: '/api/certificates/test-email-recipients',
    summary: 'List the addresses a test email may go to: your own, then the confirmed users of your account',
    access: 'session',
    response: z.object({ emails: z.array(z.string()) }),
  },
  sendTestCertificateEmail: {
    method: 'POST',
    path: '/api/certificates/send-test-certificate-email/:id',
    summary: "Send a test of a set's saved email, with its certificate, to one address of the account",
    description:
      'The address must be one of `listTestEmailRecipients`; an account sends at most 50 test emails in 24 hours (429 beyond). ' +
      "Fields not given take the design's sample values; a field given empty is refused (400, `field: fields`).",
    access: 'session',
    params: idParams,
    body: testEmailRequest,
    response: testEmailSent,
    errors: [400, 422, 429],
  },
  sendTestStyleEmail: {
    method: 'POST',
    path: '/api/certificates/send-test-certificate-email/:userId/:id',
    summary: "Send a test of a global template's email to the super-admin asking",
    access: 'session',
    params: idParams.extend({ userId: id() }),
    response: z.object({ success: z.literal('OK'), message: z.string(), to: z.string() }),
    errors: [429, 422],
  },
});

export const sendSelectCalls = defineCalls('send', {
  listSendableCertificates: {
    method: 'GET',
    path: '/api/certificates/send_select/:accountId',
    summary: "List the account's certificate sets for the send wizard, with the fields an import must fill",
    access: 'session',
    params: accountIdParams,
    query: z.object(page(3)),
    response: z.object({ certificates: z.array(sendableCertificate), count: z.number().int() }),
  },
  previewRecipientEmail: {
    method: 'POST',
    path: '/api/certificates/:id/recipient-email-preview',
    summary: "Compose a set's email for one imported row, as that recipient would get it",
    access: 'session',
    params: idParams,
    body: z.object({
      /** The row, keyed by field (`FIRST_NAME`, `Email Address`, `COURSE` …) as the wizard mapped it. */
      recipient: z.record(z.string().max(100), z.string().max(2_000)),
      sender_name: z.string().trim().max(100).optional(),
    }),
    response: recipientEmailPreview,
  },
});

import { z } from 'zod';
import { timestamp } from '../contract.ts';

/**
 * The shapes of the public REST API (/v1). Its replies are its own, not the app's: names a developer
 * reads without knowing the screens (`status`, `fields`, `certificate_set_id`), every object typed by
 * `object`, lists paged by cursor. Ids are the numbers the app uses (docs/decisions/0040-api-keys-and-public-api.md).
 */

/** One refused value of a request: where it is, and why. */
export const v1FieldError = z
  .object({
    field: z
      .string()
      .meta({ description: 'The path of the refused value in the request: `title`, `recipients.3.email`, `recipients.0.fields.COURSE`.' }),
    row: z
      .number()
      .int()
      .optional()
      .meta({ description: "The recipient's place in `recipients`, counting from 0, when the value is one recipient's." }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });
export type V1FieldError = z.infer<typeof v1FieldError>;

/** Every failure of /v1, validation included. */
export const v1ErrorBody = z
  .object({
    error: z.object({
      type: z
        .string()
        .meta({ description: 'authentication_error, invalid_request_error, not_found, rate_limit_error, idempotency_error, ...' }),
      message: z.string(),
      field: z.string().optional().meta({ description: 'The first refused value, as in `errors`.' }),
      errors: z.array(v1FieldError).optional().meta({
        description:
          'On a 400 `invalid_request_error`: every refused value at once, each recipient row that fails named by its index (`row`) and its field.',
      }),
    }),
  })
  .meta({ id: 'Error' });
export type V1ErrorBody = z.infer<typeof v1ErrorBody>;

/** What /v1 says of the values it refuses. */
export const V1_MESSAGES = {
  unknownField: (name: string) => `Unknown field "${name}".`,
  unknownSetField: (key: string, known: readonly string[]) =>
    `Unknown field "${key}": ${known.length ? `this certificate set's fields are ${known.join(', ')}` : 'this certificate set has no fields besides the names and email'}.`,
  missingSetField: (key: string) => `No recipient gives ${key}, which the certificate set prints.`,
  /** The error's message: the first refused value, and how many others `errors` names. */
  refused: (first: V1FieldError, count: number) =>
    `${first.field}: ${first.message}${count > 1 ? ` (and ${count - 1} more: \`errors\` names each one)` : ''}`,
} as const;

/** A positive id in a path: a string on the wire, a number to the handler. */
const pathId = z.coerce.number<number | string>().int().positive().max(9_007_199_254_740_991);
export const v1IdParams = z.object({ id: pathId });

/** Cursor paging: `starting_after` is the `next_cursor` of the previous page. */
export const v1Page = z.object({
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(20),
  starting_after: z
    .string()
    .regex(/^\d{1,16}$/, 'starting_after must be a next_cursor from a previous page')
    .optional(),
});
export type V1Page = z.output<typeof v1Page>;

export const v1List = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().meta({ description: 'Pass as starting_after for the next page; null on the last one.' }),
    })
    .meta({ id });

export const v1CertificateSet = z
  .object({
    id: z.number().int(),
    object: z.literal('certificate_set'),
    name: z.string(),
    fields: z
      .array(z.object({ key: z.string(), required: z.boolean() }))
      .meta({ description: 'What each recipient carries: first_name, last_name and email, then the keys `fields` must give.' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'CertificateSet' });
export type V1CertificateSet = z.infer<typeof v1CertificateSet>;

const liveLink = (what: string) =>
  z
    .string()
    .nullable()
    .meta({
      description: `${what}. Given once the certificate is queued for sending, and answering once its email has left (within seconds); null for a draft, or a certificate that was never sent (failed, suppressed).`,
    });

/** Where a recipient's certificate can be seen, downloaded and verified (certificateLinks names them). */
export const v1CertificateLinks = z.object({
  certificate_url: liveLink('The certificate’s page, as the recipient’s email links to it and its QR code leads to it'),
  pdf_url: liveLink('The certificate as a PDF, carrying its signed credential'),
  image_url: liveLink('The certificate as a PNG picture, carrying its signed credential'),
  credential_url: liveLink('The signed Open Badges 3.0 credential (JSON-LD) that any Open Badges verifier checks'),
});

export const v1RecipientStatus = z.enum(['draft', 'queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed']);

export const v1Recipient = z
  .object({
    id: z.number().int(),
    object: z.literal('recipient'),
    project_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    fields: z.record(z.string(), z.string()),
    certificate_number: z.string(),
    status: v1RecipientStatus.meta({
      description: 'Where the delivery stands: draft until sent, then queued, sending, sent, or bounced/failed/suppressed.',
    }),
    revoked: z.boolean(),
    version: z
      .number()
      .int()
      .meta({ description: 'The certificate’s version: 1 as issued, one more for each correction; its links always show the latest.' }),
    ...v1CertificateLinks.shape,
    sent_at: timestamp().nullable(),
    opened_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Recipient' });
export type V1Recipient = z.infer<typeof v1Recipient>;

export const v1Project = z
  .object({
    id: z.number().int(),
    object: z.literal('project'),
    title: z.string(),
    certificate_set_id: z.number().int().nullable(),
    certificate_set_name: z.string(),
    recipients: z.object({
      total: z.number().int(),
      draft: z.number().int(),
      pending: z.number().int(),
      sent: z.number().int(),
      bounced: z.number().int(),
      failed: z.number().int(),
      suppressed: z.number().int(),
      opened: z.number().int(),
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Project' });
export type V1Project = z.infer<typeof v1Project>;

/**
 * The request bodies are strict: a property /v1 does not know is refused by name rather than dropped, so a
 * misspelt `first_name` or a `fields` key put beside them never loses data silently.
 */
export const v1RecipientInput = z
  .strictObject({
    first_name: z.string().trim().min(1).max(200),
    last_name: z.string().trim().min(1).max(200),
    email: z.string().trim().min(1).max(254),
    fields: z.record(z.string().max(100), z.string().max(500)).optional().meta({
      description:
        "The certificate set's other fields by key (see the set's `fields`), e.g. COURSE; a key the set does not print is refused.",
    }),
  })
  .meta({ description: 'One recipient: names and email, and the fields the certificate set prints.' });
export type V1RecipientInput = z.infer<typeof v1RecipientInput>;

export const v1Recipients = z.array(v1RecipientInput).min(1).max(1_000);

export const v1ProjectCreate = z.strictObject({
  certificate_set_id: z.number().int().positive(),
  title: z.string().trim().min(1).max(200),
  recipients: v1Recipients,
});

export const v1RecipientCorrection = z
  .strictObject({
    first_name: z.string().trim().min(1).max(200).optional(),
    last_name: z.string().trim().min(1).max(200).optional(),
    fields: z.record(z.string().max(100), z.string().max(500)).optional().meta({
      description: "The certificate set's fields to change, by key; a key the project's certificate does not print is refused.",
    }),
  })
  .meta({ description: 'What to correct; what is left out stays as it is.' });

export const v1Issue = z.strictObject({
  certificate_set_id: z.number().int().positive(),
  recipients: v1Recipients,
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'The project the certificates are kept under in the app; "{set name}, issued {UTC time}" if left out.' }),
  sender_name: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'The name the email comes from; the account’s name if left out.' }),
});

export type V1Issue = z.infer<typeof v1Issue>;

export const v1Issued = z
  .object({
    object: z.literal('issue'),
    project_id: z.number().int(),
    queued: z.number().int().meta({ description: 'Certificates queued for sending by this request, each costing one credit.' }),
    recipients: z.array(v1Recipient).meta({
      description: 'Each recipient as given, with their certificate number and links (live once their email leaves, within seconds).',
    }),
  })
  .meta({ id: 'Issue' });

export const v1Send = z.strictObject({
  sender_name: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'The name the email comes from; the project’s saved one if left out.' }),
});

export const v1SendResult = z
  .object({
    object: z.literal('send'),
    project_id: z.number().int(),
    queued: z.number().int().meta({ description: 'Recipients queued by this request; each unpaid one cost one credit.' }),
  })
  .meta({ id: 'Send' });

export const v1Credits = z
  .object({
    object: z.literal('credits'),
    pay_as_you_go: z.number().int(),
    subscription: z.number().int(),
    allocation: z
      .number()
      .int()
      .nullable()
      .meta({ description: "A team member's own allocation; null when the account's credits are theirs to use." }),
  })
  .meta({ id: 'Credits' });

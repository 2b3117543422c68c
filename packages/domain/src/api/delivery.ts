import { z } from 'zod';
import { defineCalls, fileReply, idParams, maxChars, okReply, queryInt, redirectReply, timestamp } from './contract.ts';
import { recipient } from './projects.ts';

/** Sending, following and revoking for the issuer; the recipient's public certificate (docs/product/delivery.md#calls). */

export const sendRequest = z.object({
  sender_name: z.string().trim().max(100).optional(),
  /** Accepted for the spec's client; mail goes out from the account's sending identity. */
  sender_email: z.string().max(255).optional(),
  /** Only these recipients (still unsent); all unsent ones otherwise. */
  recipients: z.array(z.number().int().positive()).max(50_000).optional(),
  /** Send again to everyone who received the certificate and never opened it. */
  resend_never_logged_in: z.boolean().optional(),
  /** Send again to everyone whose delivery failed. */
  resend_failed: z.boolean().optional(),
  /** Send again to this one recipient. */
  resend_individual: z.number().int().positive().optional(),
});
export type SendRequest = z.infer<typeof sendRequest>;

export const sendResult = z.object({
  success: z.boolean(),
  /** How many certificates were queued by this request. */
  queued: z.number().int(),
  message: z.string(),
  /** Where a large send is followed (its project's history). */
  redirect: z.string().optional(),
});
export type SendResult = z.infer<typeof sendResult>;

/** Where a project's delivery stands, counted from its recipients' states. */
export const sendProgress = z
  .object({
    project_id: z.number().int(),
    total: z.number().int(),
    draft: z.number().int(),
    pending: z.number().int(),
    sent: z.number().int(),
    bounced: z.number().int(),
    failed: z.number().int(),
    suppressed: z.number().int(),
    opened: z.number().int(),
    /** Nothing is queued or being sent any more. */
    finished: z.boolean(),
  })
  .meta({ id: 'SendProgress' });
export type SendProgress = z.infer<typeof sendProgress>;

const recipientChange = okReply.extend({ recipient });

/**
 * Why an issuer revokes a certificate: optional, and short, because the certificate's page shows it after the date
 * ("Revoked on March 3, 2026: issued to the wrong person"). This is its one limit, for the app's call and the public API's.
 */
export const REVOCATION_REASON_MAX = 300;

/** The reason as it is kept and shown: one line (runs of spaces and line breaks become one space); empty is no reason. */
export const revocationReason = maxChars(
  REVOCATION_REASON_MAX,
  `The reason may be at most ${REVOCATION_REASON_MAX} characters.`,
  z.string().overwrite((text) => text.replace(/\s+/g, ' ').trim()),
);

export const deliveryCalls = defineCalls('send', {
  sendProjectEmails: {
    method: 'POST',
    path: '/api/projects/:id/send-emails',
    summary: "Queue a project's certificates for delivery, or resend them",
    description: "Unpaid certificates are debited from the account's credits; a send the credits cannot pay for answers 402.",
    access: 'session',
    params: idParams,
    body: sendRequest,
    response: sendResult,
    errors: [402, 409],
  },
  getProjectProgress: {
    method: 'GET',
    path: '/api/projects/:id/progress',
    summary: "Read where a project's delivery stands",
    access: 'session',
    params: idParams,
    response: sendProgress,
  },
  emailRecipient: {
    method: 'POST',
    path: '/api/recipients/:id/email',
    summary: 'Email one recipient their certificate again',
    description: 'An individual resend: it keeps the resend limits and the credits rule of sending.',
    access: 'session',
    params: idParams,
    body: z.object({ sender_name: z.string().trim().max(100).optional() }).optional(),
    response: sendResult,
    errors: [402, 409],
  },
  revokeRecipient: {
    method: 'POST',
    path: '/api/recipients/:id/revoke',
    summary: "Revoke a recipient's certificate: its page tells verifiers it was withdrawn, and why when a reason is given",
    access: 'session',
    params: idParams,
    body: z.object({ reason: revocationReason.optional() }).optional(),
    response: recipientChange,
  },
  reinstateRecipient: {
    method: 'POST',
    path: '/api/recipients/:id/reinstate',
    summary: 'Make a revoked certificate valid again',
    access: 'session',
    params: idParams,
    response: recipientChange,
  },
});

// ---- The recipient's certificate, public by its unguessable token ------------------------------------

const tokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** A certificate as its public page and a verifier read it. */
export const publicCertificate = z
  .object({
    certificate_name: z.string(),
    certificate_number: z.string(),
    recipient_name: z.string(),
    issuer: z.object({ name: z.string(), imagepath: z.string().nullable() }),
    issued_at: timestamp(),
    /** YYYY-MM-DD, or null when the certificate does not expire. */
    expires_on: z.string().nullable(),
    status: z.enum(CERTIFICATE_STATUSES),
    /** When the issuer revoked it, and why if they said (at most `REVOCATION_REASON_MAX` characters); both null while it is not revoked. */
    revoked_at: timestamp().nullable(),
    revocation_reason: z.string().nullable(),
    pdf_url: z.string(),
    image_url: z.string(),
    /** The certificate's public page. */
    url: z.string(),
    /** Adds the certificate to the recipient's LinkedIn profile (through our link, which counts the add). */
    linkedin_url: z.string(),
  })
  .meta({ id: 'PublicCertificate' });
export type PublicCertificate = z.infer<typeof publicCertificate>;

/** The widths of a certificate's image its public page offers (`srcset`), in pixels. */
export const CERTIFICATE_IMAGE_WIDTHS = [400, 800, 1200] as const;

export const VERIFY_MESSAGES = {
  noMatch: 'No certificate matches this number and last name. Check both as they are printed on the certificate.',
} as const;

/** What a verifier holding the paper or the PDF types: both are needed, so numbers alone cannot be walked. */
export const verifyCertificateRequest = z
  .object({
    certificate_number: z.string().trim().min(1, 'Enter the certificate number.').max(100),
    last_name: z.string().trim().min(1, "Enter the recipient's last name.").max(200),
  })
  .meta({ id: 'VerifyCertificateRequest' });
export type VerifyCertificateRequest = z.infer<typeof verifyCertificateRequest>;

export const publicCertificateCalls = defineCalls('certificate', {
  verifyCertificate: {
    method: 'POST',
    path: '/api/verify',
    summary: "Find a certificate's public page by its number and the recipient's last name",
    description: `Both must match an issued certificate (the last name ignoring case and accents' composition). No match answers 404 '${VERIFY_MESSAGES.noMatch}'; more than 10 tries a minute from one address answer 429.`,
    access: 'public',
    body: verifyCertificateRequest,
    response: z.object({ token: z.string(), url: z.string() }),
    errors: [404, 429],
  },
  getPublicCertificate: {
    method: 'GET',
    path: '/api/c/:token',
    summary: 'Read and verify a certificate by its public link',
    access: 'public',
    params: tokenParams,
    response: publicCertificate,
    // The issuer deleted their account: the link answers that the certificate was withdrawn.
    errors: [410],
  },
  getPublicCertificateImage: {
    method: 'GET',
    path: '/api/c/:token/image.png',
    summary: 'Draw a certificate as a PNG by its public link',
    access: 'public',
    params: tokenParams,
    query: z.object({ width: queryInt(100, 2000).default(1280) }),
    response: fileReply('The certificate', 'image/png'),
    errors: [410, 422],
  },
  getPublicCertificateJpeg: {
    method: 'GET',
    path: '/api/c/:token/image.jpg',
    summary: 'Draw a certificate as a JPEG by its public link',
    description:
      "The picture the delivery email shows: on a textured background about a fifth of the PNG's bytes, drawn in about half the time. It carries no credential; the PNG does.",
    access: 'public',
    params: tokenParams,
    query: z.object({ width: queryInt(100, 2000).default(1280) }),
    response: fileReply('The certificate', 'image/jpeg'),
    errors: [410, 422],
  },
  getPublicCertificateWebp: {
    method: 'GET',
    path: '/api/c/:token/image.webp',
    summary: 'Draw a certificate as a WebP image at one of the widths its page offers',
    description:
      "For the certificate page's `srcset`. With `v`, the version the page names, the reply may be cached for good; the version changes whenever the image could.",
    access: 'public',
    params: tokenParams,
    query: z.object({
      width: z.coerce
        .number<number | string>()
        .int()
        .refine((width) => (CERTIFICATE_IMAGE_WIDTHS as readonly number[]).includes(width), {
          message: `The width must be one of ${CERTIFICATE_IMAGE_WIDTHS.join(', ')}.`,
        }),
      v: z.string().max(32).optional(),
    }),
    response: fileReply('The certificate', 'image/webp'),
    errors: [410, 422],
  },
  getPublicCertificatePdf: {
    method: 'GET',
    path: '/api/c/:token/pdf',
    summary: 'Download a certificate as issued, as a PDF, by its public link',
    description:
      "A revoked certificate's PDF is no longer given: the link answers 303 to the certificate's page, which says it was revoked.",
    access: 'public',
    params: tokenParams,
    response: fileReply('The certificate as issued', 'application/pdf'),
    errors: [410, 422],
  },
  addPublicCertificateToLinkedIn: {
    method: 'GET',
    path: '/api/c/:token/linkedin',
    summary: "Go to LinkedIn's add-to-profile form for a certificate, counting the first add",
    access: 'public',
    params: tokenParams,
    response: redirectReply("302 to LinkedIn's add-to-profile form, filled in with the certificate"),
    errors: [410],
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe/:token',
    summary: "Stop the issuer's emails to this address (RFC 8058 one-click unsubscribe)",
    access: 'public',
    params: tokenParams,
    response: okReply,
    errors: [410],
  },
});

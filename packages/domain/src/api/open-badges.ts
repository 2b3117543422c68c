import { z } from 'zod';
import { defineCalls, fileReply } from './contract.ts';

/**
 * Every certificate is also an Open Badges 3.0 `OpenBadgeCredential` (a W3C Verifiable Credential 2.0 with a
 * Data Integrity proof), verifiable without Laurel: the credential, the issuer's did:web DID document and its
 * revocation status lists are public documents under PUBLIC_URL.
 */

const tokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const issuerParams = z.object({ issuerId: z.string().regex(/^[a-z0-9]{1,64}$/) });

export const CREDENTIAL_VERIFICATION_STATUSES = [
  'valid',
  'revoked',
  'expired',
  /** Genuine, but dated to begin later than the moment it is checked. */
  'not_yet_valid',
  /** Genuine, but its dates contradict each other: it ends (`validUntil`) before it begins (`validFrom`). */
  'invalid_dates',
  'superseded',
  'tampered',
  'unknown_issuer',
  'malformed',
] as const;
export type CredentialVerificationStatus = (typeof CREDENTIAL_VERIFICATION_STATUSES)[number];

/**
 * Whether a PDF or PNG is, byte for byte, a file the issuer handed out (`as_issued`), or a genuine credential
 * carried by a document the issuer did not make (`not_issued`). Null when no file was judged: a credential's JSON
 * alone, or a credential that does not hold.
 */
export const ISSUED_DOCUMENT_VERDICTS = ['as_issued', 'not_issued'] as const;
export type IssuedDocumentVerdict = (typeof ISSUED_DOCUMENT_VERDICTS)[number];

/** What checking a credential found: its standing, what it says, and why it does not hold when it does not. */
export const credentialVerification = z
  .object({
    status: z.enum(CREDENTIAL_VERIFICATION_STATUSES),
    issuer: z.object({ id: z.string(), name: z.string() }).nullable(),
    recipient_name: z.string().nullable(),
    achievement_name: z.string().nullable(),
    /** As the credential writes them (ISO 8601), or null. */
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    /** For `superseded`: when a corrected version replaced it (ISO 8601), and the certificate's page, which shows the current one. */
    superseded_at: z.string().nullable(),
    current_url: z.string().nullable(),
    /** For `revoked`: when the issuer revoked it (ISO 8601) and the reason they gave, as its page shows them; otherwise null. */
    revoked_at: z.string().nullable(),
    revocation_reason: z.string().nullable(),
    document: z.enum(ISSUED_DOCUMENT_VERDICTS).nullable(),
    /** For a file that is `not_issued`: the certificate's image as issued with this credential, to compare with the file. */
    issued_image_url: z.string().nullable(),
    problems: z.array(z.string()),
  })
  .meta({ id: 'CredentialVerification' });
export type CredentialVerification = z.infer<typeof credentialVerification>;

/** The largest file the verify page takes: a certificate PDF with print-size images fits well within it. */
export const VERIFY_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const OPEN_BADGES_MESSAGES = {
  keyRotated: 'A new signing key is in use. Credentials signed with the old one still verify.',
  chooseFile: 'Choose a certificate file: its PDF, its PNG image or its credential (JSON).',
  fileTooLarge: 'The file is larger than 10 MB. A certificate PDF, PNG or credential is much smaller.',
  noCredential:
    'This file carries no verifiable credential. Choose the PDF or PNG downloaded from the certificate page, or its credential (JSON).',
  unreadable: 'This file could not be read as a PDF, a PNG or JSON. It may be damaged; download it again from the certificate page.',
  documentNotIssued:
    'The credential inside is genuine, but the file around it is not one its issuer handed out: what the document shows may differ from what the credential says.',
} as const;

export const openBadgeCalls = defineCalls('open-badges', {
  getCertificateCredential: {
    method: 'GET',
    path: '/api/c/:token/credential',
    summary: 'Download a certificate as an Open Badges 3.0 verifiable credential, by its public link',
    description:
      'The signed `OpenBadgeCredential`, the same every time it is asked for. A revoked certificate still answers: its credential status says it was revoked.',
    access: 'public',
    params: tokenParams,
    response: fileReply('The signed credential (JSON-LD)', 'application/ld+json'),
    errors: [410],
  },
  getIssuerDidDocument: {
    method: 'GET',
    path: '/issuers/:issuerId/did.json',
    summary: "Read an issuer's did:web DID document",
    description: 'Every key the issuer has signed with, each listed under `assertionMethod`.',
    access: 'public',
    params: issuerParams,
    response: fileReply('The DID document', 'application/did+ld+json'),
  },
  getIssuerStatusList: {
    method: 'GET',
    path: '/issuers/:issuerId/status/:list',
    summary: "Read one of an issuer's revocation status lists (Bitstring Status List)",
    access: 'public',
    params: issuerParams.extend({ list: z.coerce.number<number | string>().int().min(0).max(999_999) }),
    response: fileReply('The signed BitstringStatusListCredential', 'application/ld+json'),
  },
  getAchievementImage: {
    method: 'GET',
    path: '/issuers/:issuerId/achievements/:achievementId/image.png',
    summary: "Read the image of an issuer's achievement (a certificate set), shared by every credential of the set",
    description: "The front of the set's design as its thumbnail shows it, without any recipient's data.",
    access: 'public',
    params: issuerParams.extend({ achievementId: z.string().regex(/^[a-z0-9]{1,64}$/) }),
    response: fileReply('The achievement image', 'image/png'),
  },
  verifyCredentialFile: {
    method: 'POST',
    path: '/api/verify/credential',
    summary: 'Verify the Open Badges credential carried by a certificate file (PDF, PNG or JSON)',
    description:
      'The multipart form carries `file` (at most 10 MB): a certificate PDF (its embedded credential), a PNG with a baked ' +
      "credential (OB 3.0 §5.3.1) or the credential's JSON. The reply is the verification report: the credential's standing " +
      '(`superseded` for an earlier version of a corrected certificate) and, for a PDF or PNG, whether the file is exactly one ' +
      'its issuer handed out (`document`); a file that carries no ' +
      `credential answers 422 with error_type \`no_credential\`. More than 10 tries a minute from one address answer 429.`,
    access: 'public',
    body: 'multipart',
    response: credentialVerification,
    errors: [400, 413, 422, 429],
  },
  rotateOpenBadgeKey: {
    method: 'POST',
    path: '/api/account/open-badges/rotate-key',
    summary: "Make a new key sign the account's credentials from now on",
    description: "Only the account's admin. The old key stays in the DID document, so credentials it signed still verify.",
    access: 'session',
    response: z.object({ success: z.boolean(), message: z.string(), key_id: z.string() }),
  },
});

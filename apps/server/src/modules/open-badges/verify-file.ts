import { isCredentialAttachment, isPng, readBakedPng, readPdfAttachment } from '@laurel/certificate/node';
import { type CredentialVerification, OPEN_BADGES_MESSAGES, VERIFY_FILE_MAX_BYTES } from '@laurel/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { isIssuedDocument, issuedImagePath } from '../delivery/index.ts';
import { publicIdOfDid } from './did-web.ts';
import { issuerByPublicId } from './issuer.ts';
import { verifyOpenBadge } from './verify.ts';
import { issuedCredential } from './versions.ts';

/**
 * The verify page's second way in: a file someone holds (the certificate's PDF, its PNG image or the
 * credential's JSON), its credential taken out and checked as `verifyOpenBadge` checks any credential,
 * and a PDF or PNG compared with the files Laurel handed out (`documentVerdict`).
 * The kind of file is told from its first bytes, not its name or the browser's guess.
 */

const noCredential = () => new AppError(422, OPEN_BADGES_MESSAGES.noCredential, { error_type: 'no_credential', field: 'file' });
const unreadable = () => new AppError(422, OPEN_BADGES_MESSAGES.unreadable, { error_type: 'no_credential', field: 'file' });

const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/** The credential's JSON text inside the file, or a 422 saying the file carries none. */
async function credentialText(bytes: Buffer): Promise<string> {
  if (isPng(bytes)) {
    let text: string | null;
    try {
      text = readBakedPng(bytes);
    } catch {
      throw unreadable();
    }
    if (text === null) throw noCredential();
    return text;
  }
  if (isPdf(bytes)) {
    let file: Awaited<ReturnType<typeof readPdfAttachment>>;
    try {
      file = await readPdfAttachment(bytes, isCredentialAttachment);
    } catch {
      throw unreadable();
    }
    if (!file) throw noCredential();
    return file.content.toString('utf8');
  }
  // Anything else must be the credential's JSON itself (a byte-order mark allowed).
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*[[{]/.test(text)) throw unreadable();
  return text;
}

export async function verifyCredentialFile(context: AppContext, bytes: Buffer): Promise<CredentialVerification> {
  const text = await credentialText(bytes);
  let credential: unknown;
  try {
    credential = JSON.parse(text);
  } catch {
    // JSON-looking text that does not parse: damaged, or not a credential at all.
    throw isPng(bytes) || isPdf(bytes) ? unreadable() : noCredential();
  }
  const report = await verifyOpenBadge(context, credential);
  const kind = isPng(bytes) ? 'png' : isPdf(bytes) ? 'pdf' : null;
  // A credential's JSON stands on its signature alone; a forged or foreign one is not vouched for in any file.
  if (!kind || NOT_GENUINE.includes(report.status)) return report;
  return documentVerdict(context, report, credential as Record<string, unknown>, kind, bytes);
}

const NOT_GENUINE: readonly CredentialVerification['status'][] = ['tampered', 'unknown_issuer', 'malformed'];

/**
 * A PDF or PNG carrying a genuine credential is the document that was issued only when it is exactly a file Laurel
 * handed out for that credential's certificate and version: a genuine credential copied into another document
 * (`qpdf --add-attachment`, a PNG chunk) proves nothing of what the document shows. Then the report says what the
 * credential vouches for and gives the image as issued, to compare.
 */
async function documentVerdict(
  context: AppContext,
  report: CredentialVerification,
  credential: Record<string, unknown>,
  kind: 'pdf' | 'png',
  bytes: Buffer,
): Promise<CredentialVerification> {
  const publicId = report.issuer ? publicIdOfDid(context.env, report.issuer.id) : null;
  const issuer = publicId ? await issuerByPublicId(context, publicId) : null;
  const issued = issuer ? await issuedCredential(context, issuer.accountId, credential) : null;
  if (issued && (await isIssuedDocument(context, issued, kind, bytes))) return { ...report, document: 'as_issued' };
  return {
    ...report,
    document: 'not_issued',
    // The image of the version this credential belongs to; an earlier version's report points to the current page instead.
    issued_image_url: issued && !issued.supersededAt ? issuedImagePath(issued.token) : null,
    problems: [...report.problems, OPEN_BADGES_MESSAGES.documentNotIssued],
  };
}

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The one file of the verify page's form, at most VERIFY_FILE_MAX_BYTES. */
export async function readVerifyFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    const file = await request.file({ limits: { fileSize: VERIFY_FILE_MAX_BYTES } });
    bytes = file ? await file.toBuffer() : null;
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(413, OPEN_BADGES_MESSAGES.fileTooLarge, { field: 'file' });
    throw error;
  }
  if (!bytes?.length) throw badRequest(OPEN_BADGES_MESSAGES.chooseFile, { error_type: 'required', field: 'file' });
  return bytes;
}

import { isPng } from '@laurel/certificate/node';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { certificateFileKey } from './certificate-file.ts';
import { type IssuedFileKind, isRecordedFile, issuedFile, recordIssuedFiles } from './issued-files.ts';
import { bakedCertificatePng } from './public-certificate.ts';

/** The widths the public link draws a PNG at (its contract's range). */
const PNG_WIDTHS = { min: 100, max: 2000 };

/** A PNG's width, from its header (IHDR is always the first chunk). */
const pngWidth = (bytes: Buffer) => (isPng(bytes) && bytes.length >= 24 ? bytes.readUInt32BE(16) : 0);

export interface IssuedVersion {
  recipientId: number;
  accountId: number;
  version: number;
}

/**
 * Whether a PDF or PNG is exactly a file Laurel handed out for this version of a certificate: its digest was
 * recorded when it was drawn or served. A file handed out before digests were kept is compared with what Laurel
 * would hand out now: the PDFs kept for that version (the download and the copy emails carried), or (for the current
 * version) the PNG drawn again at that width, which is the same bytes; a match is recorded.
 */
export async function isIssuedDocument(context: AppContext, issued: IssuedVersion, kind: IssuedFileKind, bytes: Buffer): Promise<boolean> {
  if (await isRecordedFile(context, issued, kind, bytes)) return true;
  const [row] = await context.db
    .select({ recipient: recipients, project: projects })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(and(eq(recipients.id, issued.recipientId), eq(recipients.account_id, issued.accountId)));
  if (!row) return false;
  let kept: (Buffer | null)[] = [];
  if (kind === 'pdf') {
    const version = { token: row.recipient.token, certificate_version: issued.version };
    kept = await Promise.all([
      context.files.get(certificateFileKey(version, 'print')),
      context.files.get(certificateFileKey(version, 'email')),
    ]);
  } else {
    const width = pngWidth(bytes);
    const drawable = row.recipient.certificate_version === issued.version && width >= PNG_WIDTHS.min && width <= PNG_WIDTHS.max;
    if (drawable) kept = [await bakedCertificatePng(context, row, width)];
  }
  if (!kept.some((again) => again?.equals(bytes))) return false;
  await recordIssuedFiles(context, [issuedFile({ ...row.recipient, certificate_version: issued.version }, kind, bytes)], {
    recheck: true,
  });
  return true;
}

/** The certificate's image as its public link serves it, for a verifier to compare a file with. */
export const issuedImagePath = (token: string) => `/api/c/${token}/image.png?width=1200`;

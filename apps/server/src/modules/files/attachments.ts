import { sniffImageType } from './images.ts';

/** What may be attached to a certificate email, told by content, not by name. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export const ATTACHMENT_TYPE_MESSAGE = 'Attach a PDF, an image, a Word, Excel or PowerPoint document, or a text file.';

function extensionOf(name: string): string {
  return /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
}

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(bytes).includes('\uFFFD');
}

/** The MIME type to store and serve an attachment with, or null when it is not an accepted kind. */
export function attachmentType(name: string, bytes: Buffer): string | null {
  const image = sniffImageType(bytes);
  if (image) return `image/${image}`;
  const ext = extensionOf(name);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return DOCUMENT_TYPES.pdf!;
  if (bytes.subarray(0, 4).equals(ZIP) && (ext === 'docx' || ext === 'xlsx' || ext === 'pptx')) return DOCUMENT_TYPES[ext]!;
  if ((ext === 'txt' || ext === 'csv') && isPlainText(bytes)) return DOCUMENT_TYPES[ext]!;
  return null;
}

/** A file name that is safe in a header and on every file system. */
export function safeFileName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes from a file name
    .replace(/[\r\n"\\/<>:|?*\x00-\x1f]+/g, '_')
    .trim()
    .slice(0, 150);
  return cleaned || 'attachment';
}

/**
 * A certificate PDF's download name: the recipient's name as written, in any script, then the
 * certificate's name ("Zoë Ångström - Certificate of Completion.pdf", "王小明 - 結業證書.pdf").
 */
export function certificatePdfName(recipientName: string, certificateName: string): string {
  const name = [recipientName.trim(), certificateName.trim()].filter(Boolean).join(' - ');
  return `${name ? safeFileName(name) : 'certificate'}.pdf`;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  return contentDisposition('attachment', name);
}

/**
 * A Content-Disposition header with an ASCII fallback name for old clients and the exact UTF-8 name.
 * RFC 5987 leaves ' ( ) * out of the characters that may stand unencoded, though encodeURIComponent keeps them.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

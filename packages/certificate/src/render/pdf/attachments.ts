import type PDFDocument from 'pdfkit';

/** A file carried inside the PDF, e.g. the certificate's Open Badges credential. */
export interface PdfAttachment {
  /** The file name viewers list and save it under. */
  name: string;
  /** The bytes, or text stored as UTF-8. */
  content: Buffer | string;
  /** Its MIME type, written as the embedded file's /Subtype. */
  mime: string;
  /** Shown beside the file in a viewer's attachments panel. */
  description?: string;
  /**
   * How the file relates to the document (PDF 2.0 and PDF/A-3 /AFRelationship); `Data` by default: the
   * information the page shows, in machine-readable form.
   */
  relationship?: 'Data' | 'Source' | 'Alternative' | 'Supplement' | 'Unspecified';
}

type Doc = InstanceType<typeof PDFDocument>;
/** pdfkit takes `relationship` but its typings do not list it. */
type FileOptions = NonNullable<Parameters<Doc['file']>[1]> & { relationship?: string };

/**
 * Embeds each file as an embedded file stream with its file specification listed both in the catalog's
 * EmbeddedFiles name tree (what viewers and `pdfdetach` show) and in the catalog's /AF array (pdfkit adds
 * it: associated files, as PDF/A-3 and PDF 2.0 want). No dates are written, so a document stays
 * reproducible.
 */
export function embedAttachments(doc: Doc, attachments: readonly PdfAttachment[]): void {
  for (const file of attachments) {
    const options: FileOptions = {
      name: file.name,
      type: file.mime,
      relationship: file.relationship ?? 'Data',
      ...(file.description ? { description: file.description } : {}),
    };
    // A string given to pdfkit would be read as a path or data URL, so text goes in as bytes.
    doc.file(typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content, options);
  }
}

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

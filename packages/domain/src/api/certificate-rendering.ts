import { z } from 'zod';
import { defineCalls, fileReply, idParams, queryInt } from './contract.ts';

/**
 * Previews of certificate sets and global templates, drawn by the one layout engine the certificates
 * themselves are drawn with (docs/product/builder.md#calls).
 */

/** A signed link's proof, for a browser that opens the address without the session header. */
const signature = {
  expires: z.string().optional().meta({ description: 'Expiry of a signed link (milliseconds since 1970)' }),
  sig: z.string().optional().meta({ description: "A signed link's signature" }),
};

/** Sample recipient values: any other parameter names a merge field (`FIRST_NAME=Alex&COURSE=Statistics`). */
const imageShape = {
  /** The image's width in pixels; the canvas width when not given. */
  width: queryInt(40, 3000).optional(),
  /** `1` draws the back side of a two-sided design. */
  is_back_side: z.string().optional(),
};
const styleImageQuery = z.object(imageShape).catchall(z.string());
const certificateImageQuery = z.object({ ...imageShape, ...signature }).catchall(z.string());
const certificatePdfQuery = z.object({ type: z.string().optional(), ...signature }).catchall(z.string());

/**
 * The builder's design as it stands, saved or not: the preview shows what the issuer sees. `sample`
 * fills the merge fields with a made-up recipient (Alex Morgan) instead of showing their names.
 */
export const draftPreviewRequest = z.object({
  design: z.record(z.string(), z.unknown()),
  sample: z.boolean().default(false),
});
export type DraftPreviewRequest = z.infer<typeof draftPreviewRequest>;

/** Links for opening a set's preview in a new window, valid for a few minutes. */
export const previewLinks = z.object({ pdf: z.string(), image: z.string() });
export type PreviewLinks = z.infer<typeof previewLinks>;

export const renderingCalls = defineCalls('rendering', {
  getCertificateImage: {
    method: 'GET',
    path: '/api/certificates/:id/image/image.png',
    summary: "Draw a certificate set's design as a PNG, with sample recipient values from the query",
    description: 'For a member of the set’s account, or by a signed link (a thumbnail or a preview link).',
    access: 'optional',
    params: idParams,
    query: certificateImageQuery,
    response: fileReply('The design as a PNG image', 'image/png'),
    errors: [401, 403, 422],
  },
  getCertificatePdf: {
    method: 'GET',
    path: '/api/certificates/:id/pdf',
    summary: "Render a certificate set's design as a PDF, with sample recipient values from the query",
    description: 'For a member of the set’s account, or by a signed link (a preview link or a test email’s download button).',
    access: 'optional',
    params: idParams,
    query: certificatePdfQuery,
    response: fileReply('The certificate as a PDF document', 'application/pdf'),
    errors: [401, 403, 422],
  },
  renderDraftPdf: {
    method: 'POST',
    path: '/api/certificates/:id/draft-pdf',
    summary: "Render the builder's unsaved design of a set as a PDF, optionally with a sample recipient",
    description: 'The set gives the account (its fonts and files) and the document title; nothing is saved.',
    access: 'session',
    params: idParams,
    body: draftPreviewRequest,
    response: fileReply('The design as a PDF document', 'application/pdf'),
    errors: [404, 422, 429],
  },
  getCertificatePreviewLinks: {
    method: 'GET',
    path: '/api/certificates/:id/preview-link',
    summary: "Sign links to a set's PDF and PNG preview, for a new window that sends no session header",
    access: 'session',
    params: idParams,
    response: previewLinks,
  },
  getStyleImage: {
    method: 'GET',
    path: '/api/styles/:id/image/image.png',
    summary: "Draw a global template's design as a PNG, with sample recipient values from the query",
    access: 'public',
    params: idParams,
    query: styleImageQuery,
    response: fileReply('The design as a PNG image', 'image/png'),
    errors: [422],
  },
  getStylePdf: {
    method: 'GET',
    path: '/api/styles/:id/pdf',
    summary: "Render a global template's design as a PDF",
    access: 'public',
    params: idParams,
    response: fileReply('The template as a PDF document', 'application/pdf'),
    errors: [422],
  },
});

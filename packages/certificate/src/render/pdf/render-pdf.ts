import { nodeFontProvider } from '../../fonts/node-fonts.ts';
import { cssWeight, DEFAULT_FONT } from '../../fonts/registry.ts';
import type { FontProvider } from '../../layout/fonts.ts';
import { type LayoutOptions, layoutSide } from '../../layout/layout.ts';
import type { Recipient } from '../../layout/recipient.ts';
import { pageSizePt } from '../../model/canvas.ts';
import { certificateTitle } from '../../model/certificate-title.ts';
import type { CertificateDesign } from '../../model/design.ts';
import { TEXT_ELEMENT_TYPES } from '../../model/element.ts';
import { elementText } from '../../model/element-text.ts';
import { hasMergeField } from '../../model/merge-fields.ts';
import { artToneReader } from '../art-tone.ts';
import { guardImages } from '../image-guard.ts';
import { fileImageLoader, type ImageLoader } from '../image-source.ts';
import type { PdfAttachment } from './attachments.ts';
import { faceSubsets } from './face-subset.ts';
import { preparePdfImage } from './images.ts';
import { pageContent } from './page-content.ts';
import { writePdfDocument } from './pdf-document.ts';
import { type PreparedImage, ResourceBlocks, usedResources } from './used-resources.ts';

export interface RenderOptions {
  fonts?: FontProvider;
  /** Resolves image sources (backgrounds, logos, images); defaults to data: URLs and absolute paths. */
  loadImage?: ImageLoader;
  layout?: LayoutOptions;
}

export interface PdfRenderOptions extends RenderOptions {
  /** The certificate's name in the document title; the title printed on it when not given. */
  title?: string;
  /** The language of the certificate's text (BCP 47), for screen readers; English when not given. */
  lang?: string;
  /**
   * Files carried inside each document `render` writes, unless the call gives its own; `renderMany`'s
   * print files carry none (a credential belongs to one recipient's own PDF).
   */
  attachments?: readonly PdfAttachment[];
}

/** What differs between the documents of one prepared renderer. */
export interface PdfDocumentOptions {
  /** Files embedded in this document, e.g. the recipient's Open Badges credential. */
  attachments?: readonly PdfAttachment[];
}

/** Characters names are likely to use: printable ASCII, Latin-1 and Latin Extended-A. */
const LIKELY_NAME_CHARS = Array.from({ length: 0x17f - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i))
  .filter((c) => /[\p{L}\p{N}\p{P}\p{Zs}]/u.test(c))
  .join('');

export interface PdfRenderer {
  render(recipient: Recipient | undefined, options?: PdfDocumentOptions): Buffer;
  /**
   * Several recipients' certificates in one document, in the order given, each the pages `render` makes
   * for it. Fonts and images are embedded once for the whole document rather than once per certificate.
   */
  renderMany(recipients: readonly Recipient[], options?: { title?: string }): Buffer;
}

/**
 * Prepares a design for many PDFs: subsets each face it uses once, for the design's own text and the
 * characters names usually need, and decodes its images once; the fonts and images are then written as PDF
 * objects once and copied into every document that uses the same ones. Each document only lays out and
 * writes its pages, structure and information (a name with unusual letters grows a subset, once).
 */
export function createPdfRenderer(design: CertificateDesign, options: PdfRenderOptions = {}): PdfRenderer {
  const fonts = options.fonts ?? nodeFontProvider;
  const loadImage = guardImages(options.loadImage ?? fileImageLoader());
  const images = new Map<string, PreparedImage | undefined>();
  const image = (src: string) => {
    if (!images.has(src)) {
      const bytes = loadImage(src);
      images.set(src, bytes ? { serial: images.size, image: preparePdfImage(bytes) } : undefined);
    }
    return images.get(src);
  };

  for (const element of [...design.elements, ...design.back_side_elements]) {
    if (!TEXT_ELEMENT_TYPES.includes(element.type)) continue;
    const s = element.styles;
    const face = fonts.face(s['font-family'] ?? DEFAULT_FONT, cssWeight(s['font-weight']), s['font-style'] === 'italic');
    const text = elementText(element);
    faceSubsets(face).preload(hasMergeField(text) || element.type !== 'text' ? text + LIKELY_NAME_CHARS : text);
  }

  // The verification line every issued certificate carries (layout/verification-line.ts).
  faceSubsets(fonts.face(DEFAULT_FONT, 400, false)).preload(LIKELY_NAME_CHARS);

  const page = pageSizePt(design.format, design.is_portrait);
  const sides = design.use_two_side ? (['front', 'back'] as const) : (['front'] as const);
  const certificateName = options.title ?? certificateTitle(design) ?? 'Certificate';
  const blocks = new ResourceBlocks();
  const layoutOptions = { artTone: artToneReader(loadImage), ...options.layout };

  const writeDocument = (
    recipients: readonly (Recipient | undefined)[],
    title: string,
    attachments: readonly PdfAttachment[] = [],
  ): Buffer => {
    const layouts = recipients.flatMap((recipient) => sides.map((side) => layoutSide(design, side, recipient, fonts, layoutOptions)));
    const used = usedResources(layouts, fonts, image);
    const resources = blocks.get(used);
    return writePdfDocument({
      pages: layouts.map((layout) => pageContent(layout, page.width, page.height, fonts, resources)),
      pageWidthPt: page.width,
      pageHeightPt: page.height,
      resources,
      title,
      lang: options.lang ?? 'en',
      attachments,
    });
  };
  return {
    render: (recipient, documentOptions = {}) =>
      writeDocument([recipient], documentTitle(certificateName, recipient), documentOptions.attachments ?? options.attachments),
    renderMany(recipients, manyOptions = {}) {
      // A PDF without pages is not a valid file; the caller decides what "nothing to print" means.
      if (recipients.length === 0) throw new RangeError('renderMany needs at least one recipient');
      return writeDocument(recipients, manyOptions.title ?? certificateName);
    },
  };
}

/** "Certificate of Achievement – Zoë Müller": what the certificate is, and whose. */
function documentTitle(certificateName: string, recipient: Recipient | undefined): string {
  const name = recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() : '';
  return name ? `${certificateName} – ${name}` : certificateName;
}

const renderers = new WeakMap<CertificateDesign, PdfRenderer>();

/**
 * One certificate as PDF. With no options but attachments the prepared renderer is kept per design
 * object, so a batch for one design shares its subsets; other options prepare a renderer for the call.
 */
export function renderPdf(design: CertificateDesign, recipient: Recipient | undefined, options: PdfRenderOptions = {}): Buffer {
  const { attachments, ...prepare } = options;
  const documentOptions = attachments ? { attachments } : {};
  if (Object.keys(prepare).length > 0) return createPdfRenderer(design, prepare).render(recipient, documentOptions);
  let renderer = renderers.get(design);
  if (!renderer) {
    renderer = createPdfRenderer(design);
    renderers.set(design, renderer);
  }
  return renderer.render(recipient, documentOptions);
}

import QRCode from 'qrcode';
import { cssWeight, DEFAULT_FONT, type FaceRef } from '../fonts/registry.ts';
import { canvasSize } from '../model/canvas.ts';
import { DEFAULT_NAME_FIT_SCALE } from '../model/defaults.ts';
import { type CertificateDesign, type DesignSide, sideElements } from '../model/design.ts';
import { type Element, TEXT_ELEMENT_TYPES } from '../model/element.ts';
import { elementText } from '../model/element-text.ts';
import { replaceMergeFields } from '../model/merge-fields.ts';
import { pxValue } from '../model/styles.ts';
import { cssColor, cssUrl } from './css.ts';
import type { FontProvider } from './fonts.ts';
import { type Recipient, recipientField } from './recipient.ts';
import { layoutTextBlock, type TextStyle } from './text-block.ts';
import type { Box, Layout, LayoutItem, LineItem, TextDecoration } from './types.ts';
import { type ArtTone, verificationLine } from './verification-line.ts';

export interface LayoutOptions {
  /** Smallest scale the name may shrink to so it fits on one line (docs/product/builder.md#rules-and-limits). */
  nameFitScale?: number;
  /** QR target when no recipient is given (the builder's preview). */
  previewUrl?: string;
  /**
   * Whether an issued certificate (a recipient with a verification URL) carries "Verify at {url}" in
   * small print on its front side. Default true.
   */
  verificationLine?: boolean;
  /**
   * What a background image looks like under a part of the page (`region`, canvas px), where the renderer
   * can see its pixels (render/art-tone.ts): the verification line goes where the art is plain. Without it
   * the page is taken as paper.
   */
  artTone?: (src: string, rotate: boolean, canvas: { width: number; height: number }, region: Box) => ArtTone | undefined;
}

const PREVIEW_URL = 'https://laurel.example/verify/preview';
/**
 * Quiet zone around the QR code, in modules. The standard asks for four; two keep the modules large in a
 * 75 px element and scan reliably, since certificates put the code on a busy background otherwise.
 */
const QR_QUIET_ZONE = 2;

function elementBox(element: Element, canvas: { width: number; height: number }): Box {
  const s = element.styles;
  const x = pxValue(s.left) ?? 0;
  const y = pxValue(s.top) ?? 0;
  const width = pxValue(s.width) ?? canvas.width - x;
  const height = pxValue(s.height) ?? 0;
  return { x, y, width, height };
}

/** CSS line-height as a multiple of the font size ("1.5", "24px"); undefined for "normal". */
function cssLineHeight(value: string | undefined, fontSize: number): number | undefined {
  if (value === undefined || value === 'normal') return undefined;
  const px = value.endsWith('px') ? pxValue(value) : undefined;
  const multiple = px !== undefined ? px / fontSize : Number(value);
  return Number.isFinite(multiple) && multiple > 0 ? multiple : undefined;
}

function textStyle(element: Element): TextStyle {
  const s = element.styles;
  const align = s['text-align'] === 'center' || s['text-align'] === 'right' ? s['text-align'] : 'left';
  const decoration: TextDecoration = /underline/.test(s['text-decoration'] ?? '')
    ? 'underline'
    : /line-through/.test(s['text-decoration'] ?? '')
      ? 'line-through'
      : 'none';
  const fontSize = pxValue(s['font-size']) ?? 18;
  const lineHeight = cssLineHeight(s['line-height'], fontSize);
  return {
    family: s['font-family'] ?? DEFAULT_FONT,
    weight: cssWeight(s['font-weight']),
    italic: s['font-style'] === 'italic' || s['font-style'] === 'oblique',
    fontSize,
    color: cssColor(s.color),
    align,
    decoration,
    ...(lineHeight !== undefined ? { lineHeight } : {}),
  };
}

const isHidden = (e: Element) => e.hideSpan || e.styles.display === 'none';
const zIndex = (e: Element) => (e.type === 'background' ? -Infinity : Number(e.styles['z-index'] ?? 0) || 0);

const utf8 = new TextEncoder();

function qrItem(box: Box, element: Element, url: string): LayoutItem {
  // A fixed mask pattern skips scoring all eight (5x faster); every mask is valid and scanners read any.
  // One byte-mode segment: the library's search for the shortest mix of modes costs four times the code itself,
  // and a certificate link is mixed-case text that byte mode carries anyway.
  const data = utf8.encode(url);
  const qr = QRCode.create([{ data, mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 2 } as QRCode.QRCodeOptions);
  const size = qr.modules.size;
  const modules = Uint8Array.from(qr.modules.data as ArrayLike<number>, (v) => (v ? 1 : 0));
  const side = Math.min(box.width, box.height || box.width);
  return {
    kind: 'qr',
    box: { ...box, width: side, height: side },
    margin: QR_QUIET_ZONE,
    color: cssColor(element.styles.color),
    size,
    modules,
  };
}

function lineItem(box: Box, element: Element): LineItem {
  const s = element.styles;
  const style = s['border-top-style'] === 'dashed' || s['border-top-style'] === 'dotted' ? s['border-top-style'] : 'solid';
  return { kind: 'line', box, color: cssColor(s['border-top-color'] ?? s.color), thickness: pxValue(s['border-top-width']) ?? 1, style };
}

/** The image an element shows; layoutSide draws every element that is not text, a QR code or a line as one. */
export const elementImageSource = (element: Element): string | undefined => element.content || cssUrl(element.styles['background-image']);

/** Every image source a design can draw, on either side: what a renderer may ask its image loader for. */
export function designImageSources(design: CertificateDesign): string[] {
  const sources = new Set<string>();
  for (const element of [...design.elements, ...design.back_side_elements]) {
    if (TEXT_ELEMENT_TYPES.includes(element.type) || element.type === 'qrcode' || element.type === 'line') continue;
    const src = elementImageSource(element);
    if (src) sources.add(src);
  }
  return [...sources];
}

/**
 * An element's recent text blocks by text, kept for the next recipients whose text there is the same, while the
 * element is styled and fitted as when they were made.
 */
interface KeptBlocks {
  /** The element's styles as they were: the builder may restyle an element in place. */
  styles: string;
  fonts: FontProvider;
  minScale: number | undefined;
  byText: Map<string, { item: LayoutItem; faces: Record<string, FaceRef> }>;
}
const keptBlocks = new WeakMap<Element, KeptBlocks>();
/**
 * Texts kept per element: a send's merge fields take a few values over and over (courses, dates, teams), while
 * names, all different, only pass through.
 */
const KEPT_TEXTS = 16;

/**
 * A text element's block. Every recipient of a design gets the same headings and fixed sentences, and laying out
 * a paragraph (shaping, line breaking) is most of a certificate's layout, so an element's recent blocks are kept
 * and used again while its text, styles, fonts and fit are the same. Layout items are never changed once made.
 */
function laidOutText(
  element: Element,
  text: string,
  box: Box,
  fonts: FontProvider,
  faces: Record<string, FaceRef>,
  fit: { minScale: number } | undefined,
): LayoutItem {
  const styles = JSON.stringify(element.styles);
  let kept = keptBlocks.get(element);
  if (!kept || kept.styles !== styles || kept.fonts !== fonts || kept.minScale !== fit?.minScale) {
    kept = { styles, fonts, minScale: fit?.minScale, byText: new Map() };
    keptBlocks.set(element, kept);
  }
  const found = kept.byText.get(text);
  if (found) {
    Object.assign(faces, found.faces);
    return found.item;
  }
  const own: Record<string, FaceRef> = {};
  const item = layoutTextBlock(text, box, textStyle(element), fonts, own, fit);
  if (kept.byText.size >= KEPT_TEXTS) kept.byText.delete(kept.byText.keys().next().value!);
  kept.byText.set(text, { item, faces: own });
  Object.assign(faces, own);
  return item;
}

/**
 * Lays out one side of a design for one recipient (or, without a recipient, as the builder shows it, with
 * merge fields in brackets). Pure: fonts come from the provider, images are referred to by source.
 */
export function layoutSide(
  design: CertificateDesign,
  side: DesignSide,
  recipient: Recipient | undefined,
  fonts: FontProvider,
  options: LayoutOptions = {},
): Layout {
  const canvas = canvasSize(design.format, design.is_portrait);
  const items: LayoutItem[] = [];
  const backgrounds = new Set<LayoutItem>();
  const faces: Record<string, FaceRef> = {};
  const elements = sideElements(design, side)
    .map((element, index) => ({ element, index }))
    .filter(({ element }) => !isHidden(element))
    .sort((a, b) => zIndex(a.element) - zIndex(b.element) || a.index - b.index);

  for (const { element } of elements) {
    const box = elementBox(element, canvas);
    if (TEXT_ELEMENT_TYPES.includes(element.type)) {
      const raw = elementText(element);
      const text = recipient
        ? replaceMergeFields(raw, (name) => recipientField(recipient, name, design.expiration_date_format) ?? '')
        : raw;
      const fit = element.type === 'name' ? { minScale: options.nameFitScale ?? DEFAULT_NAME_FIT_SCALE } : undefined;
      items.push(laidOutText(element, text, box, fonts, faces, fit));
    } else if (element.type === 'qrcode') {
      items.push(qrItem(box, element, recipient?.verificationUrl ?? options.previewUrl ?? PREVIEW_URL));
    } else if (element.type === 'line') {
      items.push(lineItem(box, element));
    } else {
      const src = elementImageSource(element);
      if (!src) continue;
      const isBackground = element.type === 'background';
      const item: LayoutItem = {
        kind: 'image',
        box: isBackground ? { x: 0, y: 0, ...canvas } : box,
        src,
        rotate: isBackground && design.rotate_bg,
        element: element.type,
      };
      if (isBackground) backgrounds.add(item);
      items.push(item);
    }
  }
  if (side === 'front' && recipient?.verificationUrl && options.verificationLine !== false) {
    const drawn = items.map((item) => ({ item, background: backgrounds.has(item) }));
    // The topmost background is the art the line sits on.
    const art = [...backgrounds].at(-1);
    const { artTone } = options;
    const tone = art?.kind === 'image' && artTone ? (region: Box) => artTone(art.src, art.rotate, canvas, region) : undefined;
    items.push(...verificationLine(recipient.verificationUrl, canvas, drawn, fonts, faces, tone));
  }
  return { format: design.format, isPortrait: design.is_portrait, ...canvas, items, faces };
}

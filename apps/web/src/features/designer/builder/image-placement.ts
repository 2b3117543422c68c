import { type CertificateDesign, canvasSize, type DesignSide, type Element, elementText } from '@laurel/certificate';
import { isHidden, isText, position, sideList } from './state/elements.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Room kept between a new image and the page edge, and around what is already there. */
const EDGE_PX = 16;
const GAP_PX = 8;
/** Where the search for room steps, and the smallest side an image is shrunk to before giving up. */
const STEP_PX = 8;
const MIN_SIDE_PX = 60;
const SHRINK = 0.85;

/**
 * The room an element takes. Text boxes rarely store a height: it is estimated from the font size,
 * the explicit line breaks and how many lines the text needs at its width (about half an em a character).
 */
export function occupiedBox(element: Element, canvasWidth: number): Box {
  const p = position(element);
  const width = p.width ?? canvasWidth - p.left;
  if (!isText(element) || p.height) return { left: p.left, top: p.top, width, height: p.height ?? 0 };
  const size = Number.parseFloat(element.styles['font-size'] ?? '18') || 18;
  const lines = elementText(element)
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil((line.length * size * 0.55) / Math.max(width, 1))), 0);
  return { left: p.left, top: p.top, width, height: lines * size * 1.4 };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width + GAP_PX &&
  b.left < a.left + a.width + GAP_PX &&
  a.top < b.top + b.height + GAP_PX &&
  b.top < a.top + a.height + GAP_PX;

/** The image's size shrunk (never grown) to fit within a box, keeping its proportions. */
export function fitSize(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Where a new image goes on the side being edited: on the page, clear of every visible element. The
 * preferred corner is tried first; otherwise the page is searched top to bottom, left to right, and the
 * image shrinks step by step (down to 60 px a side) until it finds room. Null when the page is too full:
 * the caller then keeps the preferred place.
 */
export function freeBoxFor(
  design: CertificateDesign,
  side: DesignSide,
  size: { width: number; height: number },
  preferred: { left: number; top: number },
  shrinkable: boolean,
): Box | null {
  const canvas = canvasSize(design.format, design.is_portrait);
  const taken = sideList(design, side)
    .filter((e) => e.type !== 'background' && !isHidden(e))
    .map((e) => occupiedBox(e, canvas.width));
  const free = (box: Box) => taken.every((t) => !overlaps(box, t));
  let { width, height } = fitSize(size.width, size.height, canvas.width - 2 * EDGE_PX, canvas.height - 2 * EDGE_PX);
  while (Math.min(width, height) >= Math.min(MIN_SIDE_PX, size.width, size.height)) {
    const first = { ...preferred, width, height };
    if (first.left + width <= canvas.width - EDGE_PX && first.top + height <= canvas.height - EDGE_PX && free(first)) return first;
    for (let top = EDGE_PX; top + height <= canvas.height - EDGE_PX; top += STEP_PX) {
      for (let left = EDGE_PX; left + width <= canvas.width - EDGE_PX; left += STEP_PX) {
        const box = { left, top, width, height };
        if (free(box)) return box;
      }
    }
    if (!shrinkable) return null;
    width = Math.round(width * SHRINK);
    height = Math.round(height * SHRINK);
  }
  return null;
}

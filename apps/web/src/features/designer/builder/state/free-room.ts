import { type Element, elementText } from '@laurel/certificate';
import { isText, position, px } from './elements.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * What the user sees of the page when adding content, in canvas pixels: the part of the page in view
 * (zoomed in, scrolled, or on a phone) and, once laid out, the boxes the elements on it take.
 */
export interface Room {
  view: Box;
  taken?: Box[];
}

/**
 * New content stays this far inside the page edge: templates draw their borders and ornaments there
 * (docs/product/builder.md#flows).
 */
export const PAGE_MARGIN_PX = 48;
/** Room kept around what is already on the page. */
const GAP_PX = 16;
/** Where the search for room steps, and the smallest side an image shrinks to before giving up. */
const STEP_PX = 8;
const MIN_SIDE_PX = 60;
const SHRINK = 0.85;
/** An image that finds no room at all goes to the middle no larger than this, so it hides little of the design. */
const NO_ROOM_IMAGE_PX = 120;

/**
 * The room an element takes, for when no layout is at hand (before the fonts are in). Text boxes rarely
 * store a height: it is estimated from the font size, the explicit line breaks and how many lines the
 * text needs at its width (about half an em a character).
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

function intersect(a: Box, b: Box): Box | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right - left >= 1 && bottom - top >= 1 ? { left, top, width: right - left, height: bottom - top } : null;
}

/** The image's size shrunk (never grown) to fit within a box, keeping its proportions. */
export function fitSize(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Where new content may go: the page inside its margins, within what is in view. When the view shows
 * only the margin (scrolled to an edge), the visible part of the page; when nothing of the page is in
 * view, the whole page inside its margins.
 */
export function roomArea(canvas: { width: number; height: number }, view?: Box): Box {
  const page = { left: 0, top: 0, ...canvas };
  const inside = {
    left: PAGE_MARGIN_PX,
    top: PAGE_MARGIN_PX,
    width: canvas.width - 2 * PAGE_MARGIN_PX,
    height: canvas.height - 2 * PAGE_MARGIN_PX,
  };
  if (!view) return inside;
  const seen = intersect(page, view);
  if (!seen) return inside;
  return intersect(inside, seen) ?? seen;
}

/**
 * The positions a box of `length` may take along one axis of the area: every step, and the one that
 * centres it. A box longer than the area has one place, centred on the area and kept on the page.
 */
function offsets(start: number, span: number, length: number, pageLength: number): number[] {
  const centred = start + (span - length) / 2;
  if (length > span) return [Math.round(Math.min(Math.max(0, centred), Math.max(0, pageLength - length)))];
  const list = [Math.round(centred)];
  for (let at = start; at + length <= start + span; at += STEP_PX) list.push(at);
  return list;
}

/**
 * The free spot for a box of `size` nearest the middle of `area`: clear of every taken box (with a small
 * gap), inside the area where it fits. Null when there is none.
 */
export function freeSpot(
  size: { width: number; height: number },
  taken: readonly Box[],
  area: Box,
  canvas: { width: number; height: number },
): { left: number; top: number } | null {
  const middle = { x: area.left + area.width / 2, y: area.top + area.height / 2 };
  let best: { left: number; top: number; distance: number } | null = null;
  for (const top of offsets(area.top, area.height, size.height, canvas.height)) {
    for (const left of offsets(area.left, area.width, size.width, canvas.width)) {
      const box = { left, top, ...size };
      if (taken.some((t) => overlaps(box, t))) continue;
      const distance = Math.hypot(left + size.width / 2 - middle.x, top + size.height / 2 - middle.y);
      if (!best || distance < best.distance) best = { left, top, distance };
    }
  }
  return best && { left: best.left, top: best.top };
}

/**
 * Where a new element goes (docs/product/builder.md#flows): the free spot nearest the middle of the page
 * in view, inside the margins; an image shrinks step by step (down to 60 px a side) to find one. With
 * no room anywhere it goes to the middle (an image no larger than 120 px a side), and is returned
 * unplaced (`free: false`) so the caller can still keep it off another element's corner.
 */
export function placeNewElement(
  element: Element,
  canvas: { width: number; height: number },
  taken: readonly Box[],
  view?: Box,
): { element: Element; free: boolean } {
  const area = roomArea(canvas, view);
  const own = occupiedBox(element, canvas.width);
  const shrinkable = element.type === 'image';
  const smallest = Math.min(MIN_SIDE_PX, own.width, own.height);
  let size = { width: own.width, height: Math.max(own.height, 1) };
  if (shrinkable) size = fitSize(size.width, size.height, area.width, area.height);
  for (;;) {
    const spot = freeSpot(size, taken, area, canvas);
    if (spot) return { element: placed(element, spot, shrinkable ? size : undefined), free: true };
    if (!shrinkable || Math.min(size.width, size.height) * SHRINK < smallest) break;
    size = { width: Math.round(size.width * SHRINK), height: Math.round(size.height * SHRINK) };
  }
  const last = shrinkable ? fitSize(own.width, own.height, NO_ROOM_IMAGE_PX, NO_ROOM_IMAGE_PX) : own;
  const middle = {
    left: Math.min(Math.max(0, area.left + (area.width - last.width) / 2), Math.max(0, canvas.width - last.width)),
    top: Math.min(Math.max(0, area.top + (area.height - last.height) / 2), Math.max(0, canvas.height - last.height)),
  };
  const at = { left: Math.round(middle.left), top: Math.round(middle.top) };
  return { element: placed(element, at, shrinkable ? last : undefined), free: false };
}

function placed(element: Element, at: { left: number; top: number }, size?: { width: number; height: number }): Element {
  const styles = { ...element.styles, left: px(at.left), top: px(at.top) };
  return { ...element, styles: size ? { ...styles, width: px(size.width), height: px(size.height) } : styles };
}

import { type Element, MIN_ELEMENT_HEIGHT_PX, MIN_ELEMENT_WIDTH_PX } from '@laurel/certificate';
import { isText, keepsAspect } from '../state/elements.ts';
import type { Rect } from './element-box.ts';

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** Which handles an element offers: lines and text by width only, pictures by their corners (aspect kept). */
export function handlesFor(element: Element): Handle[] {
  if (!element.resize || element.lock) return [];
  if (element.type === 'line' || isText(element)) return ['w', 'e'];
  if (keepsAspect(element)) return ['nw', 'ne', 'sw', 'se'];
  return ['n', 's', 'e', 'w', 'nw', 'ne', 'sw', 'se'];
}

/**
 * The box after dragging `handle` by (dx, dy): never below 70 x 30 px (lines have no height to keep),
 * never outside the canvas, and with the start box's aspect ratio for images, logos and QR codes.
 */
export function resizedRect(
  element: Element,
  start: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  canvas: { width: number; height: number },
): Rect {
  const minW = MIN_ELEMENT_WIDTH_PX;
  const minH = element.type === 'line' || isText(element) ? 0 : MIN_ELEMENT_HEIGHT_PX;
  let { left, top, width, height } = start;
  if (handle.includes('e')) width = Math.min(Math.max(minW, start.width + dx), canvas.width - start.left);
  if (handle.includes('w')) {
    width = Math.min(Math.max(minW, start.width - dx), start.left + start.width);
    left = start.left + start.width - width;
  }
  if (handle.includes('s')) height = Math.min(Math.max(minH, start.height + dy), canvas.height - start.top);
  if (handle.includes('n')) {
    height = Math.min(Math.max(minH, start.height - dy), start.top + start.height);
    top = start.top + start.height - height;
  }
  if (keepsAspect(element) && start.width > 0 && start.height > 0) {
    const ratio = start.width / start.height;
    const scale = Math.max(width / start.width, height / start.height);
    const maxScale = Math.min(
      (handle.includes('w') ? start.left + start.width : canvas.width - start.left) / start.width,
      (handle.includes('n') ? start.top + start.height : canvas.height - start.top) / start.height,
    );
    const minScale = Math.max(minW / start.width, MIN_ELEMENT_HEIGHT_PX / start.height);
    const s = Math.min(Math.max(scale, minScale), maxScale);
    width = start.width * s;
    height = width / ratio;
    left = handle.includes('w') ? start.left + start.width - width : start.left;
    top = handle.includes('n') ? start.top + start.height - height : start.top;
  }
  return { left, top, width, height };
}

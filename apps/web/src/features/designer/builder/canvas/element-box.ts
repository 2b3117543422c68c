import type { Element, LayoutItem } from '@laurel/certificate';
import { isText, position } from '../state/elements.ts';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The box the editor selects, drags and resizes: the element's stored box, grown to cover the text the
 * engine laid out in it (text boxes usually have no stored height).
 */
export function elementRect(element: Element, items: LayoutItem[], canvasWidth: number): Rect {
  const p = position(element);
  const width = p.width ?? canvasWidth - p.left;
  let height = p.height ?? 0;
  for (const item of items) {
    if (item.kind === 'text') {
      const last = item.lines[item.lines.length - 1];
      if (last) height = Math.max(height, last.top + last.height - p.top);
    } else if (item.kind === 'qr') {
      height = Math.max(height, item.box.height);
    } else if (item.kind === 'line') {
      height = Math.max(height, item.thickness);
    }
  }
  if (isText(element) && height === 0) height = (Number.parseFloat(element.styles['font-size'] ?? '18') || 18) * 1.4;
  return { left: p.left, top: p.top, width, height };
}

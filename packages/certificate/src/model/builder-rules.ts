import { COLLISION_OFFSET_PX, LINE_COLLISION_OFFSET_PX } from './defaults.ts';
import type { Element } from './element.ts';
import { elementText } from './element-text.ts';
import { hasMergeField, mergeKey } from './merge-fields.ts';
import { pxValue } from './styles.ts';

/**
 * Content for text turned into a merge field (docs/product/builder.md#rules-and-limits): text without a bracketed part is wrapped in
 * brackets; an empty result stays blank.
 */
export function asMergeField(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || hasMergeField(trimmed)) return trimmed;
  return `[${trimmed}]`;
}

/** The next default merge field name: '[MERGE FIELD]', then '[MERGE FIELD1]', '[MERGE FIELD2]' and so on. */
export function nextMergeFieldName(elements: readonly Element[]): string {
  const used = new Set(elements.map((e) => mergeKey(elementText(e).replace(/^\[|\]$/g, ''))));
  if (!used.has('merge field')) return '[MERGE FIELD]';
  for (let n = 1; ; n++) if (!used.has(`merge field${n}`)) return `[MERGE FIELD${n}]`;
}

/**
 * Where a new element goes when one already sits at its position (docs/product/builder.md#flows): shifted diagonally by
 * 25 px (15 for lines) until no element of the same side starts at the same spot.
 */
export function placeWithoutCollision(element: Element, elements: readonly Element[]): Element {
  const step = element.type === 'line' ? LINE_COLLISION_OFFSET_PX : COLLISION_OFFSET_PX;
  const taken = new Set(elements.map((e) => `${pxValue(e.styles.left) ?? 0},${pxValue(e.styles.top) ?? 0}`));
  let left = pxValue(element.styles.left) ?? 0;
  let top = pxValue(element.styles.top) ?? 0;
  while (taken.has(`${left},${top}`)) {
    left += step;
    top += step;
  }
  return { ...element, styles: { ...element.styles, left: `${left}px`, top: `${top}px` } };
}

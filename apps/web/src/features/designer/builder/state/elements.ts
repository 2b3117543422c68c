import {
  type CertificateDesign,
  COLLISION_OFFSET_PX,
  canvasSize,
  DEFAULT_MERGE_FIELD,
  type DesignSide,
  type Element,
  elementText,
  LINE_COLLISION_OFFSET_PX,
  mergeFieldNames,
  mergeKey,
  pxValue,
  Z_INDEX_BASE,
} from '@laurel/certificate';

export const px = (n: number) => `${Math.round(n * 100) / 100}px`;

export function sideList(design: CertificateDesign, side: DesignSide): Element[] {
  return side === 'front' ? design.elements : design.back_side_elements;
}

/** The design with one side's list replaced; the same design object when no element changed, so no-ops leave no history. */
export function withSide(design: CertificateDesign, side: DesignSide, list: Element[]): CertificateDesign {
  const current = sideList(design, side);
  if (list.length === current.length && list.every((e, i) => e === current[i])) return design;
  return side === 'front' ? { ...design, elements: list } : { ...design, back_side_elements: list };
}

export const isText = (e: Element) =>
  e.type === 'text' ||
  e.type === 'dynamic' ||
  e.type === 'dynamicText' ||
  e.type === 'name' ||
  e.type === 'certificate_number' ||
  e.type === 'expiration_date';

export const isHidden = (e: Element) => e.hideSpan || e.styles.display === 'none';

export const isSelectable = (e: Element) => e.type !== 'background';

/** Images, logos and portraits keep their aspect ratio when resized (docs/product/builder.md#rules-and-limits). */
export const keepsAspect = (e: Element) => e.type === 'image' || e.type === 'logo' || e.type === 'portrait' || e.type === 'qrcode';

export function position(e: Element) {
  return {
    left: pxValue(e.styles.left) ?? 0,
    top: pxValue(e.styles.top) ?? 0,
    width: pxValue(e.styles.width),
    height: pxValue(e.styles.height),
  };
}

/**
 * docs/product/builder.md#flows: a new element that found no free room, placed where one already starts, is shifted
 * diagonally until its corner is free (25 px, 15 for lines).
 */
export function placeWithoutCollision(list: Element[], element: Element): Element {
  const step = element.type === 'line' ? LINE_COLLISION_OFFSET_PX : COLLISION_OFFSET_PX;
  let { left, top } = position(element);
  const taken = (l: number, t: number) =>
    list.some((e) => e.type !== 'background' && Math.abs(position(e).left - l) < 1 && Math.abs(position(e).top - t) < 1);
  for (let i = 0; i < 40 && taken(left, top); i++) {
    left += step;
    top += step;
  }
  return { ...element, styles: { ...element.styles, left: px(left), top: px(top) } };
}

function mergeNames(design: CertificateDesign): Set<string> {
  const names = new Set<string>();
  for (const e of [...design.elements, ...design.back_side_elements]) {
    if (e.type === 'dynamic' || e.type === 'name' || e.type === 'dynamicText')
      for (const n of mergeFieldNames(elementText(e))) names.add(mergeKey(n));
  }
  return names;
}

/** '[MERGE FIELD]', then '[MERGE FIELD1]', '[MERGE FIELD2]'... the first not yet used (docs/product/builder.md#rules-and-limits). */
export function nextMergeField(design: CertificateDesign): string {
  const used = mergeNames(design);
  if (!used.has(mergeKey('MERGE FIELD'))) return DEFAULT_MERGE_FIELD;
  for (let n = 1; ; n++) if (!used.has(mergeKey(`MERGE FIELD${n}`))) return `[MERGE FIELD${n}]`;
}

/** A copy 25 px down and right; a merge field's copy gets a numbered name so names stay unique (docs/product/builder.md#rules-and-limits). */
export function duplicateOf(design: CertificateDesign, e: Element): Element {
  const { left, top } = position(e);
  let content = e.content;
  let contentText = e.contentText;
  if (e.type === 'dynamic') {
    const name = mergeFieldNames(elementText(e))[0] ?? 'MERGE FIELD';
    const used = mergeNames(design);
    let n = 1;
    while (used.has(mergeKey(`${name} (${n})`))) n++;
    content = `[${name} (${n})]`;
    contentText = content;
  }
  return {
    ...e,
    content,
    ...(contentText !== undefined ? { contentText } : {}),
    lock: false,
    restrictions: 'none',
    styles: { ...e.styles, left: px(left + COLLISION_OFFSET_PX), top: px(top + COLLISION_OFFSET_PX) },
  };
}

export const mayDuplicate = (e: Element) => isSelectable(e) && e.restrictions !== 'read-only' && !e.noDuplication;

/** docs/product/builder.md#rules-and-limits: read-only and locked elements stay, and so does the only name field. */
export function mayDelete(design: CertificateDesign, e: Element): boolean {
  if (!isSelectable(e) || e.restrictions === 'read-only' || e.lock) return false;
  if (e.type === 'name') return [...design.elements, ...design.back_side_elements].filter((x) => x.type === 'name').length > 1;
  return true;
}

const zOf = (e: Element) => Number(e.styles['z-index'] ?? Z_INDEX_BASE) || Z_INDEX_BASE;

/** docs/product/builder.md#rules-and-limits: to the front goes one above the highest, to the back one below the lowest. */
export function zIndexFor(list: Element[], where: 'front' | 'back'): number {
  const zs = list.filter(isSelectable).map(zOf);
  if (!zs.length) return Z_INDEX_BASE;
  return where === 'front' ? Math.max(...zs) + 1 : Math.max(1, Math.min(...zs) - 1);
}

/** Moves every element back inside the canvas (after a format or orientation change, docs/product/builder.md#flows). */
export function keepInside(design: CertificateDesign): CertificateDesign {
  const canvas = canvasSize(design.format, design.is_portrait);
  const fix = (list: Element[]) =>
    list.map((e) => {
      if (e.type === 'background') return e;
      const { left, top, width = 0, height = 0 } = position(e);
      const w = Math.min(width, canvas.width);
      const h = Math.min(height, canvas.height);
      const nl = Math.min(Math.max(0, left), canvas.width - w);
      const nt = Math.min(Math.max(0, top), canvas.height - h);
      if (nl === left && nt === top && w === width && h === height) return e;
      const styles = { ...e.styles, left: px(nl), top: px(nt) };
      if (e.styles.width !== undefined) styles.width = px(w);
      if (e.styles.height !== undefined) styles.height = px(h);
      return { ...e, styles };
    });
  return withSide(withSide(design, 'front', fix(design.elements)), 'back', fix(design.back_side_elements));
}

const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** Text typed in the editor, stored as the builder stores it: HTML with <br> line breaks and the plain text. */
export function withText(e: Element, text: string): Element {
  return { ...e, content: escapeHtml(text).replace(/\n/g, '<br>'), contentText: text };
}

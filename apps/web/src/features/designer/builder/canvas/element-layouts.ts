import {
  type CertificateDesign,
  type DesignSide,
  type Element,
  type FaceRef,
  type FontProvider,
  type LayoutItem,
  layoutSide,
  type Recipient,
} from '@laurel/certificate';
import { useMemo, useRef } from 'react';
import { isHidden, sideList } from '../state/elements.ts';

export interface ElementLayout {
  index: number;
  element: Element;
  items: LayoutItem[];
  faces: Record<string, FaceRef>;
  hidden: boolean;
}

const z = (e: Element) => (e.type === 'background' ? -Infinity : Number(e.styles['z-index'] ?? 0) || 0);

/**
 * Each element laid out by the engine on its own, cached by element object: a drag changes one element,
 * so only that one is laid out again. The items are exactly what `layoutSide` gives for the whole side
 * (elements do not affect each other's layout), drawn in the engine's order: z-index, then list order.
 */
const cache = new WeakMap<Element, { key: string; provider: FontProvider; result: Omit<ElementLayout, 'index'> }>();

function layoutOne(
  design: CertificateDesign,
  element: Element,
  provider: FontProvider,
  showHidden: boolean,
  sample: Recipient | undefined,
): Omit<ElementLayout, 'index'> | null {
  // The sample recipient's values follow from the design's field names, so whether one is used is all the key needs.
  const key = `${design.format}|${design.is_portrait}|${design.rotate_bg}|${showHidden}|${sample ? 'sample' : ''}`;
  const hit = cache.get(element);
  if (hit && hit.key === key && hit.provider === provider) return hit.result;
  const hidden = isHidden(element);
  const drawn = hidden && showHidden ? { ...element, hideSpan: false, styles: { ...element.styles, display: 'block' } } : element;
  try {
    const layout = layoutSide({ ...design, elements: [drawn], back_side_elements: [] }, 'front', sample, provider);
    const result = { element, items: layout.items, faces: layout.faces, hidden };
    cache.set(element, { key, provider, result });
    return result;
  } catch {
    // A face still loading (a font just picked): null, and the caller keeps showing the last layout.
    return null;
  }
}

export function useElementLayouts(
  design: CertificateDesign,
  side: DesignSide,
  provider: FontProvider | null,
  showHidden: boolean,
  sample?: Recipient,
): ElementLayout[] {
  // The last layout of each element, shown while the font it now asks for is on its way.
  const previous = useRef(new Map<string, ElementLayout>());
  return useMemo(() => {
    if (!provider) return [];
    return sideList(design, side)
      .map((element, index) => ({ element, index }))
      .sort((a, b) => z(a.element) - z(b.element) || a.index - b.index)
      .flatMap(({ element, index }) => {
        const key = `${side}:${index}`;
        const fresh = layoutOne(design, element, provider, showHidden, sample);
        if (!fresh) {
          const last = previous.current.get(key);
          return last ? [{ ...last, element }] : [];
        }
        const layout = { index, ...fresh };
        previous.current.set(key, layout);
        return [layout];
      });
  }, [design, side, provider, showHidden, sample]);
}

import { type CertificateDesign, type DesignSide, type Element, newElement } from '@laurel/certificate';
import { fitSize, freeBoxFor } from './image-placement.ts';
import type { AddKind } from './panels/AddContentPanel.tsx';
import { nextMergeField, position, px } from './state/elements.ts';

/** New image elements are capped to 400 px a side at 100,100 (docs/product/builder.md#rules-and-limits); logos fit 75 x 75 at 50,50. */
const IMAGE_MAX_PX = 400;
const LOGO_PX = 75;

/**
 * A new image or logo: within the spec's cap, and placed clear of what the side already shows (an
 * image shrinks to find room; a logo keeps its size). A page with no room keeps the spec's place.
 */
export function imageElement(
  kind: 'image' | 'logo',
  design: CertificateDesign,
  image: { imagepath: string; width: number; height: number },
  side: DesignSide = 'front',
): Element {
  const base = newElement(kind, design.format, { content: image.imagepath });
  const max = kind === 'logo' ? LOGO_PX : IMAGE_MAX_PX;
  const size = fitSize(image.width, image.height, max, max);
  const { left, top } = position(base);
  const box = freeBoxFor(design, side, size, { left, top }, kind === 'image') ?? { left, top, ...size };
  return {
    ...base,
    styles: { ...base.styles, left: px(box.left), top: px(box.top), width: px(box.width), height: px(box.height) },
  };
}

/** The element an Add content tile makes, for the kinds that need no file. */
export function contentElement(kind: Exclude<AddKind, 'image' | 'logo'>, design: CertificateDesign): Element {
  switch (kind) {
    case 'name-sep':
      return newElement('name', design.format, { nameFormat: 'sep' });
    case 'name-one':
      return newElement('name', design.format, { nameFormat: 'one' });
    case 'dynamic': {
      const content = nextMergeField(design);
      return { ...newElement('dynamic', design.format, { content }), contentText: content };
    }
    default:
      return newElement(kind, design.format);
  }
}

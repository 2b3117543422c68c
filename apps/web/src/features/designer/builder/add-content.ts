import { type CertificateDesign, type Element, newElement } from '@laurel/certificate';
import type { AddKind } from './panels/AddContentPanel.tsx';
import { nextMergeField, px } from './state/elements.ts';
import { fitSize } from './state/free-room.ts';

/** New image elements are capped to 400 px a side (docs/product/builder.md#rules-and-limits); logos fit 75 x 75. */
const IMAGE_MAX_PX = 400;
const LOGO_PX = 75;

/**
 * A new image or logo at its own proportions within the spec's cap. Where it goes is the add action's
 * part: free room on the page in view, an image shrinking to find it.
 */
export function imageElement(
  kind: 'image' | 'logo',
  design: CertificateDesign,
  image: { imagepath: string; width: number; height: number },
): Element {
  const base = newElement(kind, design.format, { content: image.imagepath });
  const max = kind === 'logo' ? LOGO_PX : IMAGE_MAX_PX;
  const size = fitSize(image.width, image.height, max, max);
  return { ...base, styles: { ...base.styles, width: px(size.width), height: px(size.height) } };
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

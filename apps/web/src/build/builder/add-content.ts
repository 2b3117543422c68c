import { type CertificateDesign, type Element, newElement } from '@laurel/certificate';
import type { AddKind } from './panels/AddContentPanel.tsx';
import { nextMergeField, px } from './state/elements.ts';

/** New image elements are capped to 400 px a side at 100,100 (spec 2 §9); logos fit 75 x 75 at 50,50. */
const IMAGE_MAX_PX = 400;
const LOGO_PX = 75;

function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function imageElement(
  kind: 'image' | 'logo',
  design: CertificateDesign,
  image: { imagepath: string; width: number; height: number },
): Element {
  const base = newElement(kind, design.format, { content: image.imagepath });
  const size = fitWithin(image.width, image.height, kind === 'logo' ? LOGO_PX : IMAGE_MAX_PX);
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

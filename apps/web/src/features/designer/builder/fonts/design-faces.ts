import { type CertificateDesign, type DesignSide, type FaceRef, facesToLoad } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { customFaceFor } from './custom-faces.ts';

function sideFaces(design: CertificateDesign, side: DesignSide, customFonts: readonly CustomFont[]): FaceRef[] {
  const only =
    side === 'front' ? { ...design, back_side_elements: [] } : { ...design, elements: design.back_side_elements, back_side_elements: [] };
  const faces = new Map(facesToLoad(only).map((f) => [f.id, f]));
  for (const e of only.elements) {
    const custom = customFaceFor(e.styles['font-family'], customFonts);
    if (custom) faces.set(custom.id, custom);
  }
  return [...faces.values()];
}

/**
 * The faces a design needs, those of the side on screen first: each text element's face (the account's
 * own fonts included) and the fallbacks for scripts its text uses. Nothing else of the font list: the
 * picker fetches its previews as they scroll into view.
 */
export function designFaces(
  design: CertificateDesign,
  side: DesignSide,
  customFonts: readonly CustomFont[],
): { shown: FaceRef[]; other: FaceRef[] } {
  const shown = sideFaces(design, side, customFonts);
  const ids = new Set(shown.map((f) => f.id));
  const other = sideFaces(design, side === 'front' ? 'back' : 'front', customFonts).filter((f) => !ids.has(f.id));
  return { shown, other };
}

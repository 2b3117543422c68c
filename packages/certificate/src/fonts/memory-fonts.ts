import * as fontkit from 'fontkit';
import type { FontProvider, LoadedFace } from '../layout/fonts.ts';
import type { CertificateDesign } from '../model/design.ts';
import { TEXT_ELEMENT_TYPES } from '../model/element.ts';
import { elementText } from '../model/element-text.ts';
import { cssWeight, DEFAULT_FONT, type FaceRef, fallbackFaces, resolveFace } from './registry.ts';

const SCRIPT_OF_FALLBACK: Record<string, RegExp> = {
  'Noto Sans Arabic': /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/,
  'Noto Sans Hebrew': /[\u0590-\u05ff\ufb1d-\ufb4f]/,
  'Noto Sans SC': /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/,
};

/**
 * The faces a browser must fetch to lay out a design: each text element's face, plus the fallback faces
 * for scripts that appear in the design or in `sampleText` (recipient names being previewed). Fallback
 * files are large (Chinese and Japanese about 10 MB), so they are loaded only when needed.
 */
export function facesToLoad(design: CertificateDesign, sampleText = ''): FaceRef[] {
  const faces = new Map<string, FaceRef>();
  let text = sampleText;
  const weights = new Set<string>();
  for (const element of [...design.elements, ...design.back_side_elements]) {
    if (!TEXT_ELEMENT_TYPES.includes(element.type)) continue;
    const s = element.styles;
    const weight = cssWeight(s['font-weight']);
    const italic = s['font-style'] === 'italic';
    const face = resolveFace(s['font-family'] ?? DEFAULT_FONT, weight, italic);
    faces.set(face.id, face);
    weights.add(`${weight}/${italic}`);
    text += elementText(element);
  }
  for (const key of weights) {
    const [weight, italic] = key.split('/');
    for (const face of fallbackFaces(Number(weight), italic === 'true')) {
      if (SCRIPT_OF_FALLBACK[face.family]?.test(text)) faces.set(face.id, face);
    }
  }
  return [...faces.values()];
}

/**
 * A font provider over font files already in memory (the builder fetches them from "/fonts/{file}").
 * Asking for a face that was not given is an error naming it, so the caller can load it and retry;
 * missing fallbacks are skipped (their characters then show the chosen font's missing-glyph box).
 */
export function createFontProvider(files: Iterable<{ face: FaceRef; bytes: ArrayBuffer | Uint8Array }>): FontProvider {
  const faces = new Map<string, LoadedFace>();
  for (const { face, bytes } of files) {
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    faces.set(face.id, { ...face, font: fontkit.create(data as Buffer) as fontkit.Font, bytes: data });
  }
  const get = (ref: FaceRef) => {
    const face = faces.get(ref.id);
    if (!face) throw new Error(`Font not loaded: ${ref.family} (${ref.file})`);
    return face;
  };
  return {
    face: (family, weight, italic) => get(resolveFace(family, weight, italic)),
    load: get,
    fallbacks: (weight, italic) => fallbackFaces(weight, italic).flatMap((ref) => faces.get(ref.id) ?? []),
  };
}

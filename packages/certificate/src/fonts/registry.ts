import { CERTIFICATE_FONTS, FALLBACK_FONTS } from './catalog.ts';
import type { CatalogEntry } from './catalog-entry.ts';

export const DEFAULT_FONT = 'Open Sans';

/** One concrete font file: a family at one weight and style. */
export interface FaceRef {
  /** Stable id, also the CSS family name the browser and canvas register the file under. */
  id: string;
  family: string;
  /** Path relative to the fonts root: "{package}/{variant}/{file}.ttf". */
  file: string;
}

const byName = new Map<string, CatalogEntry>();
for (const entry of [...CERTIFICATE_FONTS, ...FALLBACK_FONTS]) byName.set(entry.family.toLowerCase(), entry);

/** Families offered in the builder, sorted by name. */
export function certificateFontFamilies(): string[] {
  return CERTIFICATE_FONTS.map((f) => f.family);
}

export function findFontFamily(family: string): CatalogEntry | undefined {
  // Designs store the CSS value, which may be quoted or carry a generic fallback ("'Lora', serif").
  const first = family
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '');
  return byName.get(first.toLowerCase());
}

/** Reads CSS font-weight values ("bold", "700", "normal") as numbers. */
export function cssWeight(value: string | undefined): number {
  if (!value || value === 'normal') return 400;
  if (value === 'bold' || value === 'bolder') return 700;
  if (value === 'lighter') return 300;
  const n = Number(value);
  return Number.isFinite(n) ? n : 400;
}

const variantWeight = (variant: string) => Number(variant.slice(0, 3));
const variantItalic = (variant: string) => variant.endsWith('_Italic');

/**
 * Picks the variant the way CSS font matching does: same style when there is one, then the nearest weight,
 * preferring heavier for bold requests and lighter for light ones.
 */
function pickVariant(entry: CatalogEntry, weight: number, italic: boolean): string {
  const variants = Object.keys(entry.files);
  const sameStyle = variants.filter((v) => variantItalic(v) === italic);
  const pool = sameStyle.length > 0 ? sameStyle : variants;
  const distance = (v: string) => {
    const w = variantWeight(v);
    const d = Math.abs(w - weight);
    const wrongSide = weight >= 500 ? w < weight : w > weight;
    return d + (wrongSide ? 1000 : 0);
  };
  return pool.reduce((best, v) => (distance(v) < distance(best) ? v : best));
}

/** The face used for a family, weight and style; unknown families use the default font. */
export function resolveFace(family: string, weight = 400, italic = false): FaceRef {
  const entry = findFontFamily(family) ?? findFontFamily(DEFAULT_FONT)!;
  const variant = pickVariant(entry, weight, italic);
  return { id: `${entry.pkg}-${variant}`, family: entry.family, file: `${entry.pkg}/${entry.files[variant]}` };
}

/** Path of the file for a family, relative to the fonts root the server serves ("/fonts/{path}"). */
export function fontFileName(family: string, weight = 400, italic = false): string {
  return resolveFace(family, weight, italic).file;
}

export function fallbackFaces(weight = 400, italic = false): FaceRef[] {
  return FALLBACK_FONTS.map((entry) => resolveFace(entry.family, weight, italic));
}

import type { Glyph, GlyphPosition, GlyphRun } from 'fontkit';
import type { LoadedFace } from './fonts.ts';

/** Glyphs of a shaped text in visual order, with positions in font units. */
export interface ShapedText {
  glyphs: Glyph[];
  positions: GlyphPosition[];
  advanceWidth: number;
}

const MAX_CACHED = 50_000;
const words = new Map<string, Map<string, GlyphRun>>();
const texts = new Map<string, Map<string, ShapedText>>();
let cached = 0;

function cachedIn<T>(caches: Map<string, Map<string, T>>, face: LoadedFace, key: string, make: () => T): T {
  let perFace = caches.get(face.id);
  if (!perFace) {
    perFace = new Map();
    caches.set(face.id, perFace);
  }
  let value = perFace.get(key);
  if (value === undefined) {
    if (++cached > MAX_CACHED) {
      words.clear();
      texts.clear();
      cached = 0;
      perFace = new Map();
      caches.set(face.id, perFace);
    }
    value = make();
    perFace.set(key, value);
  }
  return value;
}

/**
 * Shapes text with fontkit (kerning, ligatures, Arabic joining), word by word as browsers do: Chromium and
 * Skia shape the text between spaces separately, so a font's kerning pair of space and letter ("f A")
 * never applies there, and must not here. Words repeat across a batch of certificates, so each word is
 * shaped once per face; right-to-left text puts its words in reverse order.
 */
export function shape(face: LoadedFace, text: string): ShapedText {
  return cachedIn(texts, face, text, () => {
    const parts = text.split(/( )/).filter((p) => p !== '');
    const runs = parts.map((part) => cachedIn(words, face, part, () => face.font.layout(part)));
    if (runs.some((r) => r.direction === 'rtl')) runs.reverse();
    return {
      glyphs: runs.flatMap((r) => r.glyphs),
      positions: runs.flatMap((r) => r.positions),
      advanceWidth: runs.reduce((sum, r) => sum + r.advanceWidth, 0),
    };
  });
}

/** Advance width of text in px at a font size. */
export function textWidth(face: LoadedFace, text: string, fontSize: number): number {
  if (text === '') return 0;
  return (shape(face, text).advanceWidth * fontSize) / face.font.unitsPerEm;
}

export interface VerticalMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
}

/**
 * Ascent, descent and line gap in px as Chromium computes them on Linux: the OS/2 typographic values when
 * the font sets USE_TYPO_METRICS, the hhea values otherwise, each rounded to a whole pixel.
 */
export function verticalMetrics(face: LoadedFace, fontSize: number): VerticalMetrics {
  const font = face.font;
  const os2 = font['OS/2'] as
    | { fsSelection?: { useTypoMetrics?: boolean }; typoAscender: number; typoDescender: number; typoLineGap: number }
    | undefined;
  const useTypo = Boolean(os2?.fsSelection?.useTypoMetrics);
  const scale = fontSize / font.unitsPerEm;
  const ascent = useTypo ? os2!.typoAscender : font.ascent;
  const descent = useTypo ? os2!.typoDescender : font.descent;
  const lineGap = useTypo ? os2!.typoLineGap : font.lineGap;
  return {
    ascent: Math.round(ascent * scale),
    descent: Math.round(-descent * scale),
    lineGap: Math.round(Math.max(0, lineGap) * scale),
  };
}

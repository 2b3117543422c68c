/// <reference path="../types/bidi-js.d.ts" />
import bidiFactory from 'bidi-js';
import type { LoadedFace } from './fonts.ts';

/** A stretch of text with one face and one bidi embedding level, in logical order. */
export interface Item {
  text: string;
  face: LoadedFace;
  level: number;
}

const bidi = bidiFactory();
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]|\ud802[\udc00-\udfff]|\ud803[\udc00-\ude7f]/;
const MARK = /\p{M}/u;
const SPACE = /\s/;

/**
 * Chooses a face per character: the element's face when it has the glyph, else the first fallback that
 * has it. Combining marks stay with their base character's face, spaces use the element's face, as
 * browsers do. Then splits wherever the face or the bidi level changes.
 */
export function itemize(text: string, primary: LoadedFace, fallbacks: () => readonly LoadedFace[]): Item[] {
  const levels = RTL_CHARS.test(text) ? bidi.getEmbeddingLevels(text, 'ltr').levels : undefined;
  const items: Item[] = [];
  let current: Item | undefined;
  let index = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    let face: LoadedFace;
    if (current && MARK.test(char)) face = current.face;
    else if (primary.font.hasGlyphForCodePoint(cp) || SPACE.test(char)) face = primary;
    else face = fallbacks().find((f) => f.font.hasGlyphForCodePoint(cp)) ?? primary;
    const level = levels ? levels[index]! : 0;
    if (current && current.face === face && current.level === level) current.text += char;
    else {
      current = { text: char, face, level };
      items.push(current);
    }
    index += char.length;
  }
  return items;
}

/** Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse each run at or above it. */
export function visualOrder<T extends { level: number }>(items: T[]): T[] {
  const result = [...items];
  const max = Math.max(0, ...items.map((i) => i.level));
  const minOdd = Math.min(...items.map((i) => i.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd && level > 0; level--) {
    let i = 0;
    while (i < result.length) {
      if (result[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < result.length && result[j]!.level >= level) j++;
      result.splice(i, j - i, ...result.slice(i, j).reverse());
      i = j;
    }
  }
  return result;
}

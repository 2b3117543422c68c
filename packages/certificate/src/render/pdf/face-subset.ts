import { deflateSync } from 'node:zlib';
import type { Font, Glyph } from 'fontkit';
import type { LoadedFace } from '../../layout/fonts.ts';
import { shape } from '../../layout/measure.ts';
import { pdfWidths } from './pdf-syntax.ts';

/** An encoded subset of one face: built once, then embedded as is in every document that fits it. */
export interface EncodedSubset {
  /** Unique in the process: documents whose fonts and images have the same serials share their bytes. */
  serial: number;
  /** Original glyph id to the glyph's id in the subset (its CID). */
  cids: Map<number, number>;
  /** Deflated font program, its uncompressed length, and whether it is CFF (OpenType) rather than TrueType. */
  program: Uint8Array;
  programLength: number;
  isCff: boolean;
  /** Advance widths by CID, in 1/1000 em. */
  widths: number[];
  /** The CIDFont's W entry for those widths. */
  widthsEntry: string;
  /** Deflated ToUnicode CMap. */
  toUnicode: Uint8Array;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function toUnicodeCmap(unicode: number[][]): string {
  const entries = unicode.map((codePoints) => {
    const units: string[] = [];
    for (const cp of codePoints) {
      if (cp > 0xffff) {
        const v = cp - 0x10000;
        units.push(hex4(0xd800 | (v >>> 10)), hex4(0xdc00 | (v & 0x3ff)));
      } else units.push(hex4(cp));
    }
    return `<${units.join('') || '0000'}>`;
  });
  const ranges: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const slice = entries.slice(start, start + 100);
    ranges.push(`<${hex4(start)}> <${hex4(start + slice.length - 1)}> [${slice.join(' ')}]`);
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${ranges.length} beginbfrange
${ranges.join('\n')}
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
}

let subsetSerial = 0;

function encode(font: Font, glyphs: Map<number, number[]>): EncodedSubset {
  // fontkit accepts glyph ids and returns the glyph's index in the subset; its typings say otherwise.
  const subset = font.createSubset() as unknown as { includeGlyph(gid: number): number; encode(): Uint8Array; cff?: unknown };
  const cids = new Map<number, number>();
  const scale = 1000 / font.unitsPerEm;
  const widths: number[] = [font.getGlyph(0).advanceWidth * scale];
  const unicode: number[][] = [[]];
  for (const [gid, codePoints] of glyphs) {
    const cid = subset.includeGlyph(gid);
    cids.set(gid, cid);
    widths[cid] = font.getGlyph(gid).advanceWidth * scale;
    unicode[cid] = codePoints;
  }
  const bytes = subset.encode();
  return {
    serial: ++subsetSerial,
    cids,
    program: deflateSync(bytes),
    programLength: bytes.length,
    isCff: subset.cff != null,
    widths,
    widthsEntry: pdfWidths(widths),
    toUnicode: deflateSync(Buffer.from(toUnicodeCmap(unicode), 'latin1')),
  };
}

/**
 * The subsets of one face for a process. Subsetting and compressing a face costs milliseconds, more than
 * the rest of a certificate, so a subset is kept and reused by every document whose glyphs it holds; a
 * document needing new glyphs grows it (once), and later documents share the grown subset.
 */
export class FaceSubsets {
  private glyphs = new Map<number, number[]>();
  private current: EncodedSubset | undefined;

  constructor(readonly face: LoadedFace) {}

  /** Adds the glyphs for this text (shaped, so ligatures count) and for each of its characters alone. */
  preload(text: string): void {
    for (const glyph of shape(this.face, text).glyphs) {
      if (!this.glyphs.has(glyph.id)) {
        this.glyphs.set(glyph.id, glyph.codePoints);
        this.current = undefined;
      }
    }
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (!this.face.font.hasGlyphForCodePoint(cp)) continue;
      const glyph = this.face.font.glyphForCodePoint(cp);
      if (!this.glyphs.has(glyph.id)) {
        this.glyphs.set(glyph.id, [cp]);
        this.current = undefined;
      }
    }
  }

  /** A subset holding every given glyph. */
  subsetFor(glyphs: Glyph[]): EncodedSubset {
    const missing = glyphs.filter((g) => !this.glyphs.has(g.id));
    if (this.glyphs.size + missing.length > MAX_SHARED_GLYPHS) {
      // A face used for many different scripts' names (CJK above all) would grow without bound: past the
      // cap, a document gets a subset of its own glyphs and the shared one stays as it is.
      return encode(this.face.font, new Map(glyphs.map((g) => [g.id, g.codePoints])));
    }
    for (const glyph of missing) {
      if (!this.glyphs.has(glyph.id)) {
        this.glyphs.set(glyph.id, glyph.codePoints);
        this.current = undefined;
      }
    }
    this.current ??= encode(this.face.font, this.glyphs);
    return this.current;
  }
}

/** Beyond this many glyphs a shared subset costs more to rebuild and embed than a document's own. */
const MAX_SHARED_GLYPHS = 3000;

const subsetsByFace = new Map<string, FaceSubsets>();

export function faceSubsets(face: LoadedFace): FaceSubsets {
  let subsets = subsetsByFace.get(face.id);
  if (!subsets) {
    subsets = new FaceSubsets(face);
    subsetsByFace.set(face.id, subsets);
  }
  return subsets;
}

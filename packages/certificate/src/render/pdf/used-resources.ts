import type { Glyph } from 'fontkit';
import type { FontProvider, LoadedFace } from '../../layout/fonts.ts';
import { shape } from '../../layout/measure.ts';
import type { Layout } from '../../layout/types.ts';
import { type EncodedSubset, faceSubsets } from './face-subset.ts';
import type { PdfImage } from './images.ts';
import { lastDrawnRun, spaceGlyph } from './page-content.ts';
import { type ResourceBlock, writeResourceBlock } from './resource-block.ts';

/** An image as a renderer keeps it: decoded once, with a number that tells it apart from the others. */
export interface PreparedImage {
  serial: number;
  image: PdfImage;
}

export interface UsedResources {
  fonts: { face: LoadedFace; subset: EncodedSubset }[];
  images: ({ src: string } & PreparedImage)[];
}

/**
 * The fonts and images a document's pages draw with: for each face, a subset holding every glyph its
 * runs need (from the process-wide cache, grown when a name brings new letters), and each image that
 * could be loaded, in the order the pages first use them.
 */
export function usedResources(
  layouts: readonly Layout[],
  fonts: FontProvider,
  image: (src: string) => PreparedImage | undefined,
): UsedResources {
  const glyphsByFace = new Map<string, { face: LoadedFace; glyphs: Glyph[] }>();
  const images = new Map<string, { src: string } & PreparedImage>();
  for (const layout of layouts) {
    for (const item of layout.items) {
      if (item.kind === 'image') {
        const prepared = images.has(item.src) ? undefined : image(item.src);
        if (prepared) images.set(item.src, { src: item.src, ...prepared });
        continue;
      }
      if (item.kind !== 'text') continue;
      for (const line of item.lines) {
        const last = lastDrawnRun(line);
        for (const run of line.runs) {
          if (run.text.trim() === '') continue;
          const face = fonts.load(layout.faces[run.faceId]!);
          let entry = glyphsByFace.get(face.id);
          if (!entry) {
            entry = { face, glyphs: [] };
            glyphsByFace.set(face.id, entry);
          }
          for (const glyph of shape(face, run.text).glyphs) entry.glyphs.push(glyph);
          // A line that broke at a space ends with the face's space glyph (page-content.ts).
          const space = run === last && line.breakAfter !== '' ? spaceGlyph(face) : undefined;
          if (space) entry.glyphs.push(space);
        }
      }
    }
  }
  return {
    fonts: [...glyphsByFace.values()].map(({ face, glyphs }) => ({ face, subset: faceSubsets(face).subsetFor(glyphs) })),
    images: [...images.values()],
  };
}

/** Resource blocks a renderer has written, by the subsets and images they hold. */
export class ResourceBlocks {
  private blocks = new Map<string, ResourceBlock>();

  get(used: UsedResources): ResourceBlock {
    const key = `${used.fonts.map((f) => `${f.face.id}:${f.subset.serial}`).join(',')}|${used.images.map((i) => i.serial).join(',')}`;
    let block = this.blocks.get(key);
    if (!block) {
      // A handful of combinations is the rule (a design's faces, with or without a name's rarer letters);
      // documents of their own (see MAX_SHARED_GLYPHS) would otherwise each keep theirs.
      if (this.blocks.size >= MAX_BLOCKS) this.blocks.clear();
      block = writeResourceBlock(used.fonts, used.images);
      this.blocks.set(key, block);
    }
    return block;
  }
}

const MAX_BLOCKS = 8;

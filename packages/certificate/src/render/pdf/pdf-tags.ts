import type { LayoutItem, TextItem } from '../../layout/types.ts';

/**
 * How a screen reader meets an item: as text (a paragraph or the heading, with the words it reads), as a
 * picture, or not at all.
 */
export type ItemTag =
  | { type: 'P' | 'H1'; actual: string }
  | { type: 'Figure'; alt: string }
  | { type: 'Artifact'; artifact: 'Background' | 'Layout' };

const FIGURE_ALT: Record<string, string> = {
  logo: 'Logo',
  portrait: 'Portrait',
  image: 'Image',
};

/** The text item set in the largest type, the first of equals in reading order: the page's heading. */
export function headingOf(items: readonly LayoutItem[]): TextItem | undefined {
  let heading: TextItem | undefined;
  for (const item of readingOrder(items.filter((i): i is TextItem => i.kind === 'text' && hasText(i)))) {
    if (!heading || item.fontSize > heading.fontSize) heading = item;
  }
  return heading;
}

export function tagOf(item: LayoutItem, heading: TextItem | undefined): ItemTag | undefined {
  switch (item.kind) {
    case 'text':
      // Text that draws nothing (an empty merge field) has nothing to read.
      if (!hasText(item)) return undefined;
      return { type: item === heading ? 'H1' : 'P', actual: readingText(item) };
    case 'qr':
      return { type: 'Figure', alt: 'QR code to verify this certificate' };
    case 'line':
      return { type: 'Artifact', artifact: 'Layout' };
    case 'image':
      return item.element === 'background'
        ? { type: 'Artifact', artifact: 'Background' }
        : { type: 'Figure', alt: FIGURE_ALT[item.element] ?? 'Image' };
  }
}

const hasText = (item: TextItem) => item.lines.some((line) => line.runs.some((run) => run.text.trim() !== ''));

/**
 * The element's text as written, in logical order: the page draws it line by line, so what a reader
 * assembles from the glyphs joins the last word of a line to the first of the next ("completedthe course")
 * and keeps right-to-left text in drawing order. Each line ends with what it broke at (a space, a hard
 * break, or nothing inside a hyphenated word).
 */
const readingText = (item: TextItem) => item.lines.map((line) => line.text + line.breakAfter).join('');

/** Top to bottom, then left to right: the order a sighted reader takes in a certificate. */
export function readingOrder<T extends { box: { x: number; y: number } }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

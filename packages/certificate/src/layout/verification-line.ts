import { DEFAULT_FONT, type FaceRef } from '../fonts/registry.ts';
import type { FontProvider } from './fonts.ts';
import { layoutTextBlock, type TextStyle } from './text-block.ts';
import type { Box, LayoutItem, TextItem } from './types.ts';

/**
 * The small print every issued certificate carries so that whoever holds the paper or the PDF can check
 * it: "Verify at {url}". Canvas px: 6 px is about 7.4 pt on Letter landscape, small but legible in print.
 */
const FONT_SIZE = 6;
/** Distance from the page edge, canvas px (about 5 mm on Letter). */
const EDGE = 14;
/** A mid grey reads on white paper and on the darker seeded backgrounds alike, without competing with the design. */
const COLOR = '#808080';

const STYLE: TextStyle = {
  family: DEFAULT_FONT,
  weight: 400,
  italic: false,
  fontSize: FONT_SIZE,
  color: COLOR,
  align: 'center',
  decoration: 'none',
};

export const verificationText = (url: string) => `Verify at ${url}`;

/** The ink of a drawn item: text by its lines (a text box's own height is often 0), the rest by its box. */
function inkBox(item: LayoutItem): Box | null {
  if (item.kind !== 'text') return item.box;
  const lines = item.lines.filter((l) => l.width > 0);
  if (!lines.length) return null;
  const left = Math.min(...lines.map((l) => l.x));
  const right = Math.max(...lines.map((l) => l.x + l.width));
  const top = lines[0]!.top;
  const last = lines[lines.length - 1]!;
  return { x: left, y: top, width: right - left, height: last.top + last.height - top };
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Places the verification line where the design leaves room: centred in the bottom margin, else in a
 * bottom corner, else the same at the top. A design that fills every one of those keeps the line
 * centred at the bottom (an issuer who covers the page's edges with content is rare, and the PDF must
 * still carry the link). Backgrounds are left out: the line is meant to sit on them.
 */
export function verificationLine(
  url: string,
  canvas: { width: number; height: number },
  drawn: readonly { item: LayoutItem; background: boolean }[],
  fonts: FontProvider,
  faces: Record<string, FaceRef>,
): TextItem {
  const text = verificationText(url);
  const obstacles = drawn.filter((d) => !d.background).flatMap((d) => inkBox(d.item) ?? []);
  const width = canvas.width - 2 * EDGE;
  const lineAt = (y: number, align: TextStyle['align']) =>
    layoutTextBlock(text, { x: EDGE, y, width, height: 0 }, { ...STYLE, align }, fonts, faces);
  const bottom = lineAt(0, 'center');
  const height = bottom.lines.reduce((sum, l) => sum + l.height, 0);
  const candidates = [
    [canvas.height - EDGE - height, 'center'],
    [canvas.height - EDGE - height, 'left'],
    [canvas.height - EDGE - height, 'right'],
    [EDGE, 'center'],
    [EDGE, 'left'],
    [EDGE, 'right'],
  ] as const;
  for (const [y, align] of candidates) {
    const line = lineAt(y, align);
    const ink = inkBox(line);
    if (ink && !obstacles.some((o) => overlaps(o, ink))) return line;
  }
  return lineAt(candidates[0][0], 'center');
}

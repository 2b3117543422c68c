import { DEFAULT_FONT, type FaceRef } from '../fonts/registry.ts';
import type { FontProvider } from './fonts.ts';
import { layoutTextBlock, type TextStyle } from './text-block.ts';
import type { Box, LayoutItem, LineItem, TextItem } from './types.ts';

/**
 * The small print every issued certificate carries so that whoever holds the paper or the PDF can check
 * it: "Verify at {url}". Canvas px: 6 px is about 7.4 pt on Letter landscape, small but legible in print.
 */
const FONT_SIZE = 6;
/** Distance from the page edge, canvas px (about 5 mm on Letter). */
const EDGE = 14;
/** How far in from the edge the line may move, in steps, to find plain art: decorative borders sit there. */
const INWARD_STEPS = [0, 8, 16, 24, 32, 40, 48];
/** Dark grey on light art, light grey on dark art; both at least 4.5:1 against the art they are chosen for. */
const DARK = '#4d4d4d';
const LIGHT = '#f2f2f2';
/** Small print needs the contrast of body text (WCAG 1.4.3). */
const MIN_CONTRAST = 4.5;
/**
 * Art that varies more than this under the line (standard deviation of its relative luminance) has lines,
 * patterns or edges that cut through 6 px letters: guilloches, borders, waves.
 */
const MAX_VARIATION = 0.045;
/** Around the letters the art must be plain too, or the line reads as part of the pattern. */
const CLEARANCE = 2;
/** The plate the line sits on where no plain spot is free, a little larger than the letters. */
const PLATE_PADDING = { x: 4, y: 2 };

/**
 * What the art under part of the page looks like: its relative luminance (0 black, 1 white), how much that
 * varies, and its average colour.
 */
export interface ArtTone {
  luminance: number;
  variation: number;
  color: string;
}

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
const grow = (box: Box, dx: number, dy: number): Box => ({
  x: box.x - dx,
  y: box.y - dy,
  width: box.width + 2 * dx,
  height: box.height + 2 * dy,
});

const relativeLuminance = (hex: string) => {
  const v = parseInt(hex.slice(1), 16);
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(((v >> 16) & 255) / 255) + 0.7152 * linear(((v >> 8) & 255) / 255) + 0.0722 * linear((v & 255) / 255);
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const DARK_LUMINANCE = relativeLuminance(DARK);
const LIGHT_LUMINANCE = relativeLuminance(LIGHT);

/** The grey that reads on a plain ground of this luminance, if either does. */
function greyOn(luminance: number): string | undefined {
  if (contrast(DARK_LUMINANCE, luminance) >= MIN_CONTRAST) return DARK;
  if (contrast(LIGHT_LUMINANCE, luminance) >= MIN_CONTRAST) return LIGHT;
  return undefined;
}

/** The grey that reads on this art, or none where the art is too busy or too mid-toned for either. */
function legibleColor(tone: ArtTone | undefined): string | undefined {
  if (!tone) return DARK; // no art measured: paper
  return tone.variation > MAX_VARIATION ? undefined : greyOn(tone.luminance);
}

/** The same text item moved by (dx, dy): one layout of the line serves every place it is tried. */
function moved(item: TextItem, dx: number, dy: number): TextItem {
  return {
    ...item,
    box: { ...item.box, x: item.box.x + dx, y: item.box.y + dy },
    lines: item.lines.map((line) => ({
      ...line,
      top: line.top + dy,
      baseline: line.baseline + dy,
      x: line.x + dx,
      runs: line.runs.map((run) => ({ ...run, x: run.x + dx })),
    })),
  };
}

/**
 * Places the verification line where it can be read and covers nothing: clear of every element's ink, on
 * art plain enough and light or dark enough for a grey to reach 4.5:1 (`tone` measures the background; without
 * it the page is taken as paper). It tries the bottom margin first, centred, then at the left and right
 * corners, then the same in the top margin, then both a little further in each time (decorative borders often
 * run along the edges).
 * Where no free place has plain art, it sits on a small plate at the first free place; where nothing is free,
 * on a plate centred at the bottom (an issuer who covers the page's edges is rare, and the certificate must
 * still carry its link). Backgrounds are not obstacles: the line is meant to sit on them.
 */
export function verificationLine(
  url: string,
  canvas: { width: number; height: number },
  drawn: readonly { item: LayoutItem; background: boolean }[],
  fonts: FontProvider,
  faces: Record<string, FaceRef>,
  tone?: (box: Box) => ArtTone | undefined,
): LayoutItem[] {
  const obstacles = drawn.filter((d) => !d.background).flatMap((d) => inkBox(d.item) ?? []);
  const style: TextStyle = {
    family: DEFAULT_FONT,
    weight: 400,
    italic: false,
    fontSize: FONT_SIZE,
    color: DARK,
    align: 'center',
    decoration: 'none',
  };
  const centred = layoutTextBlock(verificationText(url), { x: EDGE, y: 0, width: canvas.width - 2 * EDGE, height: 0 }, style, fonts, faces);
  const ink = inkBox(centred);
  if (!ink) return [centred];
  const shifts = { center: 0, left: EDGE - ink.x, right: canvas.width - EDGE - (ink.x + ink.width) };
  const places: { dx: number; dy: number }[] = [];
  for (const inward of INWARD_STEPS) {
    for (const fromBottom of [true, false]) {
      const top = fromBottom ? canvas.height - EDGE - inward - ink.height : EDGE + inward;
      for (const dx of [shifts.center, shifts.left, shifts.right]) places.push({ dx, dy: top - ink.y });
    }
  }
  const at = ({ dx, dy }: { dx: number; dy: number }): Box => ({ ...ink, x: ink.x + dx, y: ink.y + dy });
  const free = places.filter((place) => !obstacles.some((o) => overlaps(o, at(place))));
  for (const place of free) {
    const color = legibleColor(tone?.(grow(at(place), CLEARANCE, CLEARANCE)));
    if (color) return [{ ...moved(centred, place.dx, place.dy), color }];
  }
  // The plate takes the art's own average colour where a grey reads on it, so it covers the pattern
  // without standing out; else white.
  const place = free[0] ?? places[0]!;
  const plateBox = grow(at(place), PLATE_PADDING.x, PLATE_PADDING.y);
  const average = tone?.(plateBox);
  const onAverage = average && greyOn(relativeLuminance(average.color));
  const plateColor = onAverage ? average.color : '#ffffff';
  const plate: LineItem = { kind: 'line', box: plateBox, color: plateColor, thickness: plateBox.height, style: 'solid' };
  return [plate, { ...moved(centred, place.dx, place.dy), color: onAverage || DARK }];
}

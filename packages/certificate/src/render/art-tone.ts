import { createCanvas, Image } from '@napi-rs/canvas';
import type { LayoutOptions } from '../layout/layout.ts';
import type { Box } from '../layout/types.ts';
import type { ImageLoader } from './image-source.ts';

/** Samples across the page the art is measured at: one a canvas px, as fine as the letters' own grid. */
const GRID_WIDTH = 640;

/** sRGB byte to linear light, for relative luminance (WCAG). */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** Summed-area tables of a page's luminance and its square: the mean and spread of any box in four reads each. */
interface ToneGrid {
  width: number;
  height: number;
  /** Grid cells per canvas px. */
  scale: number;
  sum: Float64Array;
  sumOfSquares: Float64Array;
  /** The same for each sRGB channel (0-255), for the art's average colour. */
  channels: [Float64Array, Float64Array, Float64Array];
}

/**
 * Draws the background as the page shows it (stretched over the canvas, turned a quarter for a rotated
 * one) onto a small grid and measures it there. Undefined when the image cannot be decoded: the line then
 * takes the page as paper.
 */
function toneGrid(bytes: Uint8Array, rotate: boolean, canvas: { width: number; height: number }): ToneGrid | undefined {
  const image = new Image();
  try {
    image.src = Buffer.from(bytes);
  } catch {
    return undefined;
  }
  if (!image.width || !image.height) return undefined;
  const scale = GRID_WIDTH / canvas.width;
  const width = GRID_WIDTH;
  const height = Math.max(1, Math.round(canvas.height * scale));
  const grid = createCanvas(width, height);
  const ctx = grid.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  if (rotate) {
    ctx.translate(width, 0);
    ctx.rotate(Math.PI / 2);
    ctx.drawImage(image, 0, 0, height, width);
  } else ctx.drawImage(image, 0, 0, width, height);
  const pixels = grid.data();
  const sum = new Float64Array((width + 1) * (height + 1));
  const sumOfSquares = new Float64Array((width + 1) * (height + 1));
  const channels = [0, 1, 2].map(() => new Float64Array((width + 1) * (height + 1))) as ToneGrid['channels'];
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSquares = 0;
    const rowChannels: [number, number, number] = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const l = 0.2126 * LINEAR[pixels[p]!]! + 0.7152 * LINEAR[pixels[p + 1]!]! + 0.0722 * LINEAR[pixels[p + 2]!]!;
      row += l;
      rowSquares += l * l;
      const at = (y + 1) * (width + 1) + x + 1;
      sum[at] = sum[at - width - 1]! + row;
      sumOfSquares[at] = sumOfSquares[at - width - 1]! + rowSquares;
      for (let c = 0; c < 3; c++) {
        const table = channels[c]!;
        rowChannels[c] = rowChannels[c]! + pixels[p + c]!;
        table[at] = table[at - width - 1]! + rowChannels[c]!;
      }
    }
  }
  return { width, height, scale, sum, sumOfSquares, channels };
}

/**
 * The region's mean luminance, and its spread measured in squares as tall as the region: one thin rule
 * crossing a long line of small print changes little of the whole line's spread, but a square's a lot.
 */
function toneIn(grid: ToneGrid, region: Box) {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x0 = clamp(Math.floor(region.x * grid.scale), grid.width);
  const y0 = clamp(Math.floor(region.y * grid.scale), grid.height);
  const x1 = clamp(Math.ceil((region.x + region.width) * grid.scale), grid.width);
  const y1 = clamp(Math.ceil((region.y + region.height) * grid.scale), grid.height);
  if (x1 <= x0 || y1 <= y0) return undefined;
  const w = grid.width + 1;
  const total = (table: Float64Array, left: number, right: number) =>
    table[y1 * w + right]! - table[y0 * w + right]! - table[y1 * w + left]! + table[y0 * w + left]!;
  const stats = (left: number, right: number) => {
    const cells = (right - left) * (y1 - y0);
    const mean = total(grid.sum, left, right) / cells;
    return { mean, spread: Math.sqrt(Math.max(0, total(grid.sumOfSquares, left, right) / cells - mean * mean)) };
  };
  const square = y1 - y0;
  let variation = 0;
  for (let left = x0; left < x1; left += square) variation = Math.max(variation, stats(left, Math.min(x1, left + square)).spread);
  const cells = (x1 - x0) * (y1 - y0);
  const color = `#${grid.channels
    .map((channel) =>
      Math.round(total(channel, x0, x1) / cells)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
  return { luminance: stats(x0, x1).mean, variation, color };
}

/**
 * Measures backgrounds for the layout (LayoutOptions.artTone), each image decoded once, when the first
 * issued certificate asks: previews, which carry no verification line, never pay for it.
 */
export function artToneReader(loadImage: ImageLoader): NonNullable<LayoutOptions['artTone']> {
  // By source (a data: URL can be long), then by how it is drawn.
  const grids = new Map<string, Map<string, ToneGrid | undefined>>();
  return (src, rotate, canvas, region) => {
    let bySource = grids.get(src);
    if (!bySource) {
      bySource = new Map();
      grids.set(src, bySource);
    }
    const key = `${rotate}|${canvas.width}x${canvas.height}`;
    if (!bySource.has(key)) {
      const bytes = loadImage(src);
      bySource.set(key, bytes ? toneGrid(bytes, rotate, canvas) : undefined);
    }
    const grid = bySource.get(key);
    return grid ? toneIn(grid, region) : undefined;
  };
}

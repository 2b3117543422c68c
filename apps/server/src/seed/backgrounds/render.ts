import { canvasSize } from '@laurel/certificate';
import { createCanvas } from '@napi-rs/canvas';
import type { BackgroundArt } from './types.ts';

/**
 * The builder, previews and thumbnails use backgrounds at twice the canvas size (1280 px wide, sharp on
 * high-density screens and light to draw).
 */
export const BACKGROUND_SCALE = 2;
/**
 * PDFs use a print variant drawn from the same art: 640 x 5.2 = 3328 px across, 300 ppi over the 11 in
 * of Letter landscape (391 ppi over the 8.5 in of portrait).
 */
export const PRINT_BACKGROUND_SCALE = 5.2;
const JPEG_QUALITY = 88;
/** Print detail survives a little more compression, and the PDF every recipient gets stays lighter. */
const PRINT_JPEG_QUALITY = 84;

/** Draws a background for Letter in its orientation and encodes it as JPEG, at screen or print size. */
export async function renderBackground(art: BackgroundArt, print = false): Promise<Buffer> {
  const scale = print ? PRINT_BACKGROUND_SCALE : BACKGROUND_SCALE;
  const size = canvasSize('Letter', art.orientation === 'portrait');
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  art.draw(ctx, size.width, size.height);
  return canvas.encode('jpeg', print ? PRINT_JPEG_QUALITY : JPEG_QUALITY);
}

import { canvasSize } from '@laurel/certificate';
import { createCanvas } from '@napi-rs/canvas';
import type { BackgroundArt } from './types.ts';

/** Backgrounds are drawn at twice the canvas size: sharp in print and on high-density screens. */
export const BACKGROUND_SCALE = 2;
const JPEG_QUALITY = 88;

/** Draws a background for Letter in its orientation and encodes it as JPEG. */
export async function renderBackground(art: BackgroundArt): Promise<Buffer> {
  const size = canvasSize('Letter', art.orientation === 'portrait');
  const width = size.width * BACKGROUND_SCALE;
  const height = size.height * BACKGROUND_SCALE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(BACKGROUND_SCALE, BACKGROUND_SCALE);
  art.draw(ctx, size.width, size.height);
  return canvas.encode('jpeg', JPEG_QUALITY);
}

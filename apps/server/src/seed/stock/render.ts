import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { StockArt } from './types.ts';

/** Textures are photographs in spirit (JPEG); motifs keep their transparency (PNG). */
export async function renderStockArt(art: StockArt): Promise<Buffer> {
  const canvas = createCanvas(art.width, art.height);
  art.draw(canvas.getContext('2d'), art.width, art.height);
  return art.type === 'background' ? canvas.encode('jpeg', 86) : canvas.encode('png');
}

/** A small copy for the picker grid, keeping the format of the full image. */
export async function thumbnail(bytes: Buffer, type: StockArt['type'], width = 320): Promise<Buffer> {
  const image = await loadImage(bytes);
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  return type === 'background' ? canvas.encode('jpeg', 80) : canvas.encode('png');
}

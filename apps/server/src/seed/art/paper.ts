import { createCanvas } from '@napi-rs/canvas';
import type { Ctx } from './context.ts';
import { seededRandom } from './random.ts';

/**
 * Soft mottling like handmade paper: low-resolution noise scaled up with smoothing. Low frequencies keep
 * the JPEG small, where per-pixel grain would double its size.
 */
export function paperMottle(ctx: Ctx, w: number, h: number, seed: number, tint: [number, number, number], strength: number): void {
  const random = seededRandom(seed);
  for (const cell of [96, 28]) {
    const cw = Math.ceil(w / cell) + 1;
    const ch = Math.ceil(h / cell) + 1;
    const small = createCanvas(cw, ch);
    const sctx = small.getContext('2d');
    const data = sctx.createImageData(cw, ch);
    for (let i = 0; i < cw * ch; i++) {
      data.data[i * 4] = tint[0];
      data.data[i * 4 + 1] = tint[1];
      data.data[i * 4 + 2] = tint[2];
      data.data[i * 4 + 3] = Math.round(random() * 255 * strength * (cell === 28 ? 0.5 : 1));
    }
    sctx.putImageData(data, 0, 0);
    ctx.save();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(small, 0, 0, cw * cell, ch * cell);
    ctx.restore();
  }
}

/** Darkened edges, as old paper and studio photographs have; draws the eye to the centre. */
export function vignette(ctx: Ctx, w: number, h: number, color: string, alpha: number): void {
  const g = ctx.createRadialGradient(w / 2, h / 2, Math.min(w, h) * 0.35, w / 2, h / 2, Math.hypot(w, h) / 2);
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, color);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
}

import type { Ctx } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const NAVY = '#14213d';
const TEAL = '#2a9d8f';
const SAND = '#e9c46a';

/**
 * Nested triangles sharing a corner, all with the same slope: a sand keyline outside a navy block with
 * a teal block inside, and a fine navy rule beyond. Drawn for the top-left and mirrored.
 */
function cluster(ctx: Ctx, x: number, y: number, sx: 1 | -1, sy: 1 | -1, scale: number): void {
  const tri = (size: number, color: string) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(size, 0);
    ctx.lineTo(0, size * 0.7);
    ctx.closePath();
    ctx.fill();
  };
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(sx * scale, sy * scale);
  ctx.strokeStyle = 'rgba(20,33,61,0.35)';
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  ctx.moveTo(236, 0);
  ctx.lineTo(0, 236 * 0.7);
  ctx.stroke();
  tri(214, SAND);
  tri(206, NAVY);
  tri(150, TEAL);
  ctx.restore();
}

/** Crisp white with bold corner blocks of navy, teal and sand, and a light frame tying them together. */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  // A faint dot grid gives the white a paper structure without competing with the text.
  ctx.fillStyle = 'rgba(20,33,61,0.07)';
  for (let y = 60; y < h - 40; y += 16) for (let x = 60; x < w - 40; x += 16) ctx.fillRect(x, y, 0.8, 0.8);
  ctx.strokeStyle = 'rgba(20,33,61,0.3)';
  ctx.lineWidth = 0.8;
  ctx.strokeRect(22, 22, w - 44, h - 44);
  const scale = Math.min(w, h) / 494;
  cluster(ctx, 0, 0, 1, 1, scale);
  cluster(ctx, w, h, -1, -1, scale);
}

export const modernGeometric = bothOrientations('modern-geometric', 'Modern Geometric', draw);

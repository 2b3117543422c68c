import { type Ctx, paperMottle, seededRandom, vignette } from '../art/kit.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;

/** Short translucent strokes scattered over the sheet: the fibres of unbleached paper. */
function fibres(ctx: Ctx, w: number, h: number, seed: number, color: string, count: number): void {
  const random = seededRandom(seed);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 0.8;
  for (let i = 0; i < count; i++) {
    const x = random() * w;
    const y = random() * h;
    const a = random() * Math.PI;
    const len = 4 + random() * 14;
    ctx.globalAlpha = 0.15 + random() * 0.25;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(
      x + Math.cos(a) * len * 0.5 + random() * 3,
      y + Math.sin(a) * len * 0.5,
      x + Math.cos(a) * len,
      y + Math.sin(a) * len,
    );
    ctx.stroke();
  }
  ctx.restore();
}

function paper(base: string, tint: [number, number, number], strength: number, seed: number, fibre: string, edge: number) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = base;
    ctx.fillRect(0, 0, w, h);
    ctx.save();
    ctx.scale(2, 2);
    paperMottle(ctx, w / 2, h / 2, seed, tint, strength);
    ctx.restore();
    fibres(ctx, w, h, seed + 1, fibre, 1400);
    if (edge > 0) vignette(ctx, w, h, `rgb(${tint.join(',')})`, edge);
  };
}

/** A woven look from two sets of fine alternating lines. */
function linen(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#e9e7e2';
  ctx.fillRect(0, 0, w, h);
  const random = seededRandom(61);
  for (let y = 0; y < h; y += 2) {
    ctx.fillStyle = `rgba(90,88,80,${(0.03 + random() * 0.06).toFixed(3)})`;
    ctx.fillRect(0, y, w, 1);
  }
  for (let x = 0; x < w; x += 2) {
    ctx.fillStyle = `rgba(255,255,255,${(0.04 + random() * 0.08).toFixed(3)})`;
    ctx.fillRect(x, 0, 1, h);
  }
  vignette(ctx, w, h, 'rgb(120,115,105)', 0.25);
}

export const PAPERS: StockArt[] = [
  {
    id: 'paper-ivory',
    title: 'Ivory paper',
    type: 'background',
    keywords: ['paper', 'ivory', 'cream', 'texture', 'classic', 'light'],
    width: W,
    height: H,
    draw: paper('#fbf6ea', [190, 165, 120], 0.12, 71, '#b9a682', 0.12),
  },
  {
    id: 'paper-kraft',
    title: 'Kraft paper',
    type: 'background',
    keywords: ['paper', 'kraft', 'brown', 'rustic', 'texture', 'recycled'],
    width: W,
    height: H,
    draw: paper('#c9a67a', [110, 75, 40], 0.2, 72, '#7a5a36', 0.3),
  },
  {
    id: 'paper-parchment',
    title: 'Antique parchment',
    type: 'background',
    keywords: ['paper', 'parchment', 'old', 'antique', 'vintage', 'texture', 'academic'],
    width: W,
    height: H,
    draw: paper('#efdcb2', [150, 100, 45], 0.24, 73, '#8e6a3c', 0.45),
  },
  {
    id: 'linen-grey',
    title: 'Grey linen',
    type: 'background',
    keywords: ['linen', 'fabric', 'grey', 'gray', 'texture', 'neutral'],
    width: W,
    height: H,
    draw: linen,
  },
];

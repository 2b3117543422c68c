import type { Ctx } from '../art/kit.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;

function linear(stops: string[], angle: number) {
  return (ctx: Ctx, w: number, h: number) => {
    const dx = Math.cos(angle) * w * 0.6;
    const dy = Math.sin(angle) * h * 0.6;
    const g = ctx.createLinearGradient(w / 2 - dx, h / 2 - dy, w / 2 + dx, h / 2 + dy);
    for (const [i, c] of stops.entries()) g.addColorStop(i / (stops.length - 1), c);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  };
}

/** A dark field with a warm glow off-centre, like stage light. */
function glow(base: [string, string], light: string) {
  return (ctx: Ctx, w: number, h: number) => {
    const g = ctx.createRadialGradient(w * 0.3, h * 0.25, 0, w * 0.5, h * 0.5, Math.hypot(w, h) * 0.7);
    g.addColorStop(0, base[0]);
    g.addColorStop(1, base[1]);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    const spot = ctx.createRadialGradient(w * 0.75, h * 0.3, 0, w * 0.75, h * 0.3, w * 0.5);
    spot.addColorStop(0, light);
    spot.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = spot;
    ctx.fillRect(0, 0, w, h);
  };
}

export const GRADIENTS: StockArt[] = [
  {
    id: 'gradient-dawn',
    title: 'Dawn gradient',
    type: 'background',
    keywords: ['gradient', 'pastel', 'warm', 'sunrise', 'pink', 'peach', 'abstract'],
    width: W,
    height: H,
    draw: linear(['#fde2d3', '#f8c8d4', '#e0cdf2'], 0.6),
  },
  {
    id: 'gradient-ocean',
    title: 'Ocean gradient',
    type: 'background',
    keywords: ['gradient', 'blue', 'ocean', 'teal', 'cool', 'abstract'],
    width: W,
    height: H,
    draw: linear(['#0b3c5d', '#1d6f8a', '#58b7b0'], 0.9),
  },
  {
    id: 'gradient-sage',
    title: 'Sage gradient',
    type: 'background',
    keywords: ['gradient', 'green', 'sage', 'nature', 'calm', 'abstract'],
    width: W,
    height: H,
    draw: linear(['#eef3ea', '#cfdcc8', '#9fb89a'], 1.2),
  },
  {
    id: 'gradient-midnight-gold',
    title: 'Midnight with gold light',
    type: 'background',
    keywords: ['gradient', 'dark', 'navy', 'gold', 'elegant', 'night', 'abstract'],
    width: W,
    height: H,
    draw: glow(['#1c2a44', '#070d18'], 'rgba(214,170,80,0.35)'),
  },
];

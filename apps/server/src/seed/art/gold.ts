import type { Ctx } from './context.ts';

/** Metallic gold along a line: light and dark bands read as a polished foil when printed. */
export function goldGradient(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, tone: 'gold' | 'silver' = 'gold') {
  const stops = {
    gold: ['#8a6a1f', '#d9b55a', '#f6e3a1', '#b8913a', '#e9cd7c', '#8f6d22'],
    silver: ['#6f7780', '#b9c0c7', '#eef1f4', '#98a0a8', '#d5dadf', '#6f7780'],
  }[tone];
  const g = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const [i, c] of stops.entries()) g.addColorStop(i / (stops.length - 1), c);
  return g;
}

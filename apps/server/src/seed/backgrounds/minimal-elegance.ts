import { type Ctx, goldGradient } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

/** Off-white with a charcoal hairline frame broken at the corners by small gold squares: quiet luxury. */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#fafaf6';
  ctx.fillRect(0, 0, w, h);
  const inset = 26;
  ctx.strokeStyle = '#2b2b2b';
  ctx.lineWidth = 0.7;
  ctx.strokeRect(inset, inset, w - inset * 2, h - inset * 2);
  ctx.lineWidth = 0.35;
  ctx.strokeRect(inset + 5, inset + 5, w - (inset + 5) * 2, h - (inset + 5) * 2);
  for (const [x, y] of [
    [inset, inset],
    [w - inset, inset],
    [inset, h - inset],
    [w - inset, h - inset],
  ] as const) {
    // Each square carries its own sheen, so all four corners read as the same foil.
    ctx.fillStyle = goldGradient(ctx, x - 4, y - 4, x + 4, y + 4);
    ctx.fillRect(x - 4, y - 4, 8, 8);
    ctx.fillStyle = '#fafaf6';
    ctx.fillRect(x - 2, y - 2, 4, 4);
  }
}

export const minimalElegance = bothOrientations('minimal-elegance', 'Minimal Elegance', draw);

import { type Ctx, cornerScroll, fourCorners, paperMottle, ruleWithDiamond } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const WINE = '#6d1f2c';

/** Warm white with a burgundy double rule (thick and thin, as in fine book printing) and scrolled corners. */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#fdfaf3';
  ctx.fillRect(0, 0, w, h);
  paperMottle(ctx, w, h, 21, [180, 150, 110], 0.05);
  ctx.strokeStyle = WINE;
  ctx.lineWidth = 3;
  ctx.strokeRect(22, 22, w - 44, h - 44);
  ctx.lineWidth = 0.8;
  ctx.strokeRect(28.5, 28.5, w - 57, h - 57);
  ctx.lineWidth = 0.5;
  ctx.strokeRect(36, 36, w - 72, h - 72);
  fourCorners(w, h, 36, (x, y, sx, sy) => cornerScroll(ctx, x, y, 46, sx, sy, WINE, 1));
  ruleWithDiamond(ctx, w / 2, 36, 44, WINE, 1.2);
  ruleWithDiamond(ctx, w / 2, h - 36, 44, WINE, 1.2);
}

export const heritageDoubleRule = bothOrientations('heritage-double-rule', 'Heritage Double Rule', draw);

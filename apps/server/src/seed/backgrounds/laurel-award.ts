import { type Ctx, foilSeal, goldGradient, laurelWreath, paperMottle } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

/**
 * Cream with a double gold frame, a large laurel wreath watermark behind the text and a small gold
 * wreath with a star seal crowning the page.
 */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#fffdf7';
  ctx.fillRect(0, 0, w, h);
  const gold = goldGradient(ctx, 0, 0, w, h);
  ctx.fillStyle = gold;
  ctx.fillRect(12, 12, w - 24, h - 24);
  ctx.fillStyle = '#fffdf7';
  ctx.fillRect(20, 20, w - 40, h - 40);
  paperMottle(ctx, w, h, 42, [200, 170, 100], 0.05);
  ctx.strokeStyle = gold;
  ctx.lineWidth = 0.8;
  ctx.strokeRect(27, 27, w - 54, h - 54);
  ctx.save();
  ctx.globalAlpha = 0.07;
  laurelWreath(ctx, w / 2, h > w ? h * 0.48 : h * 0.53, Math.min(w, h) * 0.31, { fill: '#9c7a26', leaves: 12 });
  ctx.restore();
  const crownY = h > w ? 104 : 66;
  laurelWreath(ctx, w / 2, crownY, 30, { fill: gold, leaves: 8, leafSize: 11, sweep: Math.PI * 0.8 });
  foilSeal(ctx, w / 2, crownY, 19, { centre: 'star' });
}

export const laurelAward = bothOrientations('laurel-award', 'Laurel Award', draw);

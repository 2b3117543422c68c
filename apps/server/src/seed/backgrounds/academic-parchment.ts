import { type Ctx, foilSeal, guillocheBand, paperMottle, ribbonTails, vignette } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const SEPIA = '#5b3a1e';

/**
 * Aged parchment with a sepia engraved border and a gold seal with red ribbons at the foot of the page,
 * between where the two signatures go.
 */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#f1e3c2';
  ctx.fillRect(0, 0, w, h);
  paperMottle(ctx, w, h, 31, [150, 105, 50], 0.13);
  vignette(ctx, w, h, 'rgba(120,72,24,1)', 0.35);
  ctx.strokeStyle = SEPIA;
  ctx.lineWidth = 1.6;
  ctx.strokeRect(20, 20, w - 40, h - 40);
  ctx.lineWidth = 0.6;
  ctx.strokeRect(24, 24, w - 48, h - 48);
  guillocheBand(
    ctx,
    { x: 32, y: 32, w: w - 64, h: h - 64, r: 4 },
    { amplitude: 3.2, wavelength: 10, strands: 3, color: SEPIA, lineWidth: 0.4, alpha: 0.8 },
  );
  ctx.lineWidth = 0.6;
  ctx.strokeRect(40, 40, w - 80, h - 80);
  const sealY = h - 100;
  ribbonTails(ctx, w / 2, sealY + 8, 46, 20, '#8e1b22', 'rgba(0,0,0,0.18)');
  foilSeal(ctx, w / 2, sealY, 36, { centre: 'laurel' });
}

export const academicParchment = bothOrientations('academic-parchment', 'Academic Parchment', draw);

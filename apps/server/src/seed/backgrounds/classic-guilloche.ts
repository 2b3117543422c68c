import { type Ctx, cornerScroll, fourCorners, goldGradient, guillocheBand, paperMottle, rosette } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const INK = '#1d4a46';
const GOLD_INK = '#a8842f';

/** Ivory paper inside an engraved guilloche band in deep green, a gold inner rule and rosettes at the corners. */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#fbf7ec';
  ctx.fillRect(0, 0, w, h);

  const band = { x: 26, y: 26, w: w - 52, h: h - 52, r: 10 };
  ctx.fillStyle = 'rgba(29,74,70,0.05)';
  ctx.fillRect(14, 14, w - 28, h - 28);
  ctx.fillStyle = '#fbf7ec';
  ctx.fillRect(38, 38, w - 76, h - 76);
  paperMottle(ctx, w, h, 12, [196, 170, 120], 0.06);
  guillocheBand(ctx, band, { amplitude: 7, wavelength: 16, strands: 7, color: INK, lineWidth: 0.35, alpha: 0.85 });
  guillocheBand(
    ctx,
    { ...band, x: band.x + 1, y: band.y + 1, w: band.w - 2, h: band.h - 2 },
    { amplitude: 4, wavelength: 9, strands: 4, color: INK, lineWidth: 0.25, alpha: 0.55 },
  );

  ctx.strokeStyle = INK;
  ctx.lineWidth = 1.1;
  ctx.strokeRect(14, 14, w - 28, h - 28);
  ctx.lineWidth = 0.5;
  ctx.strokeRect(17, 17, w - 34, h - 34);
  ctx.lineWidth = 0.8;
  ctx.strokeRect(38, 38, w - 76, h - 76);
  ctx.strokeStyle = goldGradient(ctx, 0, 0, w, h);
  ctx.lineWidth = 1.2;
  ctx.strokeRect(44, 44, w - 88, h - 88);

  fourCorners(w, h, 26, (x, y) => {
    ctx.fillStyle = '#fbf7ec';
    ctx.beginPath();
    ctx.arc(x, y, 15, 0, Math.PI * 2);
    ctx.fill();
    rosette(ctx, x, y, 14, { petals: 10, depth: 0.45, strands: 5, color: INK, lineWidth: 0.35 });
    ctx.strokeStyle = INK;
    ctx.lineWidth = 0.8;
    ctx.beginPath();
    ctx.arc(x, y, 15, 0, Math.PI * 2);
    ctx.stroke();
  });
  if (h > w) {
    // The tall page gets a banknote medallion between the citation and the signatures.
    const cy = h * 0.655;
    rosette(ctx, w / 2, cy, 44, { petals: 18, depth: 0.3, strands: 9, color: INK, lineWidth: 0.35, alpha: 0.7 });
    rosette(ctx, w / 2, cy, 26, { petals: 12, depth: 0.5, strands: 6, color: GOLD_INK, lineWidth: 0.4 });
    ctx.strokeStyle = INK;
    ctx.lineWidth = 0.7;
    ctx.beginPath();
    ctx.arc(w / 2, cy, 47, 0, Math.PI * 2);
    ctx.stroke();
  }
  fourCorners(w, h, 50, (x, y, sx, sy) => cornerScroll(ctx, x, y, 34, sx, sy, goldGradient(ctx, x, y, x + 30 * sx, y + 30 * sy), 0.9));
}

export const classicGuilloche = bothOrientations('classic-guilloche', 'Classic Guilloche', draw);

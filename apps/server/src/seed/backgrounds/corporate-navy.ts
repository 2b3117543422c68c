import { type Ctx, goldGradient } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const NAVY = '#0b2545';

/**
 * Navy header and footer bands with angled ends and a gold keyline, fine diagonal hatching inside the
 * header: a company look that keeps the page centre clean.
 */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  const top = 64;
  const bottom = 30;
  ctx.fillStyle = NAVY;
  ctx.fillRect(0, 0, w, top);
  ctx.fillRect(0, h - bottom, w, bottom);
  // Hatching within the header band, strongest at the sides.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, w, top);
  ctx.clip();
  ctx.lineWidth = 0.6;
  for (let x = -top; x < w + top; x += 7) {
    const edge = Math.abs(x - w / 2) / (w / 2);
    ctx.strokeStyle = `rgba(255,255,255,${(0.02 + edge * 0.09).toFixed(3)})`;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x + top, 0);
    ctx.stroke();
  }
  ctx.restore();
  const gold = goldGradient(ctx, 0, 0, w, 0);
  ctx.fillStyle = gold;
  ctx.fillRect(0, top, w, 2.5);
  ctx.fillRect(0, h - bottom - 2.5, w, 2.5);
  // A light grey keyline frame bridging the bands.
  ctx.strokeStyle = 'rgba(11,37,69,0.22)';
  ctx.lineWidth = 0.8;
  ctx.strokeRect(20, top + 14, w - 40, h - top - bottom - 28);
  // Chevron accent hanging from the header, centred.
  ctx.fillStyle = NAVY;
  ctx.beginPath();
  ctx.moveTo(w / 2 - 30, top);
  ctx.lineTo(w / 2 + 30, top);
  ctx.lineTo(w / 2, top + 22);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = gold;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(w / 2 - 33, top + 1.2);
  ctx.lineTo(w / 2, top + 25);
  ctx.lineTo(w / 2 + 33, top + 1.2);
  ctx.stroke();
}

export const corporateNavy = bothOrientations('corporate-navy', 'Corporate Navy', draw);

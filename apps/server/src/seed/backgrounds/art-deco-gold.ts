import { type Ctx, goldGradient } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

/** A frame with stepped (notched) corners, the signature of 1920s architecture. */
function steppedFrame(ctx: Ctx, x: number, y: number, w: number, h: number, step: number): void {
  ctx.beginPath();
  ctx.moveTo(x + step * 2, y);
  ctx.lineTo(x + w - step * 2, y);
  ctx.lineTo(x + w - step * 2, y + step);
  ctx.lineTo(x + w - step, y + step);
  ctx.lineTo(x + w - step, y + step * 2);
  ctx.lineTo(x + w, y + step * 2);
  ctx.lineTo(x + w, y + h - step * 2);
  ctx.lineTo(x + w - step, y + h - step * 2);
  ctx.lineTo(x + w - step, y + h - step);
  ctx.lineTo(x + w - step * 2, y + h - step);
  ctx.lineTo(x + w - step * 2, y + h);
  ctx.lineTo(x + step * 2, y + h);
  ctx.lineTo(x + step * 2, y + h - step);
  ctx.lineTo(x + step, y + h - step);
  ctx.lineTo(x + step, y + h - step * 2);
  ctx.lineTo(x, y + h - step * 2);
  ctx.lineTo(x, y + step * 2);
  ctx.lineTo(x + step, y + step * 2);
  ctx.lineTo(x + step, y + step);
  ctx.lineTo(x + step * 2, y + step);
  ctx.closePath();
  ctx.stroke();
}

/** A sunburst fan: rays inside a half disc, opening away from the frame edge. */
function fan(ctx: Ctx, cx: number, cy: number, radius: number, direction: 1 | -1, gold: unknown): void {
  ctx.save();
  ctx.strokeStyle = gold as string;
  ctx.lineWidth = 0.8;
  for (let i = 0; i <= 12; i++) {
    const a = (i / 12) * Math.PI;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + radius * Math.cos(a), cy + direction * radius * Math.sin(a));
    ctx.stroke();
  }
  for (const f of [1, 0.72, 0.3]) {
    ctx.beginPath();
    if (direction === 1) ctx.arc(cx, cy, radius * f, 0, Math.PI);
    else ctx.arc(cx, cy, radius * f, Math.PI, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

function draw(ctx: Ctx, w: number, h: number): void {
  const bg = ctx.createRadialGradient(w / 2, h * 0.42, 40, w / 2, h / 2, Math.hypot(w, h) * 0.6);
  bg.addColorStop(0, '#1b2d48');
  bg.addColorStop(1, '#0a1424');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  const gold = goldGradient(ctx, 0, 0, w, h);
  ctx.strokeStyle = gold;
  ctx.lineWidth = 2;
  ctx.strokeRect(14, 14, w - 28, h - 28);
  ctx.lineWidth = 0.7;
  ctx.strokeRect(19, 19, w - 38, h - 38);
  ctx.lineWidth = 1.2;
  steppedFrame(ctx, 30, 30, w - 60, h - 60, 9);
  ctx.lineWidth = 0.6;
  steppedFrame(ctx, 35, 35, w - 70, h - 70, 9);

  // Parallel pinstripes running from each corner step along the edges.
  ctx.lineWidth = 0.6;
  for (const [x, y, sx, sy] of [
    [30, 30, 1, 1],
    [w - 30, 30, -1, 1],
    [30, h - 30, 1, -1],
    [w - 30, h - 30, -1, -1],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      const off = 48 + i * 4;
      ctx.beginPath();
      ctx.moveTo(x + sx * off, y + sy * (5 + i * 4) + sy * 8);
      ctx.lineTo(x + sx * (off + 70 - i * 16), y + sy * (5 + i * 4) + sy * 8);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x + sx * (5 + i * 4) + sx * 8, y + sy * off);
      ctx.lineTo(x + sx * (5 + i * 4) + sx * 8, y + sy * (off + 70 - i * 16));
      ctx.stroke();
    }
  }
  fan(ctx, w / 2, 35, 34, 1, gold);
  fan(ctx, w / 2, h - 35, 34, -1, gold);
  // Diamonds at the centres of the sides.
  ctx.fillStyle = gold;
  for (const [x, y] of [
    [30, h / 2],
    [w - 30, h / 2],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(x, y - 10);
    ctx.lineTo(x + 5, y);
    ctx.lineTo(x, y + 10);
    ctx.lineTo(x - 5, y);
    ctx.closePath();
    ctx.fill();
  }
}

export const artDecoGold = bothOrientations('art-deco-gold', 'Art Deco Gold', draw);

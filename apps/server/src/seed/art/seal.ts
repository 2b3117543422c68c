import type { Ctx } from './context.ts';
import { goldGradient } from './gold.ts';
import { rosette } from './guilloche.ts';
import { laurelWreath } from './laurel.ts';

export function starPath(ctx: Ctx, cx: number, cy: number, outer: number, inner: number, points: number, rotation = -Math.PI / 2): void {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (i * Math.PI) / points;
    if (i === 0) ctx.moveTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    else ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  ctx.closePath();
}

/** A foil seal: serrated edge, engraved rings and a rosette, with an optional star. */
export function foilSeal(
  ctx: Ctx,
  cx: number,
  cy: number,
  radius: number,
  options: { tone?: 'gold' | 'silver'; centre?: 'star' | 'laurel'; ink?: string } = {},
): void {
  const tone = options.tone ?? 'gold';
  const ink = options.ink ?? 'rgba(90,62,10,0.55)';
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.25)';
  ctx.shadowBlur = radius * 0.12;
  ctx.shadowOffsetY = radius * 0.04;
  starPath(ctx, cx, cy, radius, radius * 0.9, 36);
  ctx.fillStyle = goldGradient(ctx, cx - radius, cy - radius, cx + radius, cy + radius, tone);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, radius * 0.018);
  for (const f of [0.8, 0.76, 0.56]) {
    ctx.beginPath();
    ctx.arc(cx, cy, radius * f, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
  // Ticks between the rings, like the milled edge of a coin.
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, radius * 0.012);
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * Math.PI * 2;
    ctx.beginPath();
    ctx.moveTo(cx + radius * 0.6 * Math.cos(a), cy + radius * 0.6 * Math.sin(a));
    ctx.lineTo(cx + radius * 0.72 * Math.cos(a), cy + radius * 0.72 * Math.sin(a));
    ctx.stroke();
  }
  ctx.restore();
  rosette(ctx, cx, cy, radius * 0.5, { petals: 12, depth: 0.35, strands: 6, color: ink, lineWidth: Math.max(0.8, radius * 0.01) });
  if (options.centre === 'star') {
    starPath(ctx, cx, cy, radius * 0.26, radius * 0.11, 5);
    ctx.fillStyle = goldGradient(ctx, cx - radius * 0.3, cy - radius * 0.3, cx + radius * 0.3, cy + radius * 0.3, tone);
    ctx.fill();
    ctx.strokeStyle = ink;
    ctx.lineWidth = Math.max(1, radius * 0.015);
    ctx.stroke();
  } else if (options.centre === 'laurel') {
    laurelWreath(ctx, cx, cy, radius * 0.3, { fill: ink, leaves: 6, leafSize: radius * 0.13 });
  }
}

/** Two ribbon tails hanging from a seal, cut in a swallowtail. */
export function ribbonTails(ctx: Ctx, cx: number, cy: number, length: number, width: number, color: string, shade: string): void {
  for (const side of [-1, 1]) {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(side * 0.32);
    ctx.beginPath();
    ctx.moveTo(-width / 2, 0);
    ctx.lineTo(width / 2, 0);
    ctx.lineTo(width / 2, length);
    ctx.lineTo(0, length - width * 0.45);
    ctx.lineTo(-width / 2, length);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
    ctx.fillStyle = shade;
    ctx.fillRect(side * width * 0.18 - width * 0.06, 0, width * 0.12, length - width * 0.3);
    ctx.restore();
  }
}

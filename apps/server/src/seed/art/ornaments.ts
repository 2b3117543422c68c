import type { Ctx } from './context.ts';
import { leafPath } from './laurel.ts';

/**
 * A classical corner ornament: an L of two rules ending in curls, with a small diamond at the corner.
 * Drawn for the top-left corner; (sx, sy) mirror it into the others.
 */
export function cornerScroll(
  ctx: Ctx,
  x: number,
  y: number,
  size: number,
  sx: 1 | -1,
  sy: 1 | -1,
  color: string | unknown,
  lineWidth: number,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(sx, sy);
  ctx.strokeStyle = color as string;
  ctx.fillStyle = color as string;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = 'round';
  const s = size;
  // Two arms, each ending in a curl, and a quarter ring set into the corner between them.
  for (const flip of [false, true]) {
    ctx.save();
    if (flip) ctx.transform(0, 1, 1, 0, 0, 0);
    ctx.beginPath();
    ctx.moveTo(s * 0.14, 0);
    ctx.lineTo(s * 0.78, 0);
    ctx.bezierCurveTo(s * 0.95, 0, s * 1.0, s * 0.14, s * 0.9, s * 0.2);
    ctx.bezierCurveTo(s * 0.82, s * 0.25, s * 0.74, s * 0.16, s * 0.8, s * 0.1);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(s * 0.3, s * 0.1);
    ctx.lineTo(s * 0.52, s * 0.1);
    ctx.stroke();
    ctx.restore();
  }
  // A three-leaf sprig pointing into the page along the diagonal.
  for (const [angle, length] of [
    [Math.PI / 4, 0.3],
    [Math.PI / 4 - 0.62, 0.2],
    [Math.PI / 4 + 0.62, 0.2],
  ] as const) {
    ctx.save();
    ctx.translate(s * 0.1, s * 0.1);
    ctx.rotate(angle);
    ctx.translate(s * length * 0.5 + s * 0.02, 0);
    leafPath(ctx, s * length, s * length * 0.28);
    ctx.fill();
    ctx.restore();
  }
  ctx.beginPath();
  ctx.moveTo(0, -s * 0.07);
  ctx.lineTo(s * 0.07, 0);
  ctx.lineTo(0, s * 0.07);
  ctx.lineTo(-s * 0.07, 0);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** Places a corner ornament in all four corners of an inset rectangle. */
export function fourCorners(w: number, h: number, inset: number, draw: (x: number, y: number, sx: 1 | -1, sy: 1 | -1) => void): void {
  draw(inset, inset, 1, 1);
  draw(w - inset, inset, -1, 1);
  draw(inset, h - inset, 1, -1);
  draw(w - inset, h - inset, -1, -1);
}

/** A small centred flourish: a diamond between two tapering rules, to sit under a heading. */
export function ruleWithDiamond(ctx: Ctx, cx: number, cy: number, half: number, color: string | unknown, lineWidth: number): void {
  ctx.save();
  ctx.fillStyle = color as string;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + side * half * 0.08, cy - lineWidth / 2);
    ctx.lineTo(cx + side * half, cy);
    ctx.lineTo(cx + side * half * 0.08, cy + lineWidth / 2);
    ctx.closePath();
    ctx.fill();
  }
  const d = half * 0.045 + lineWidth;
  ctx.beginPath();
  ctx.moveTo(cx, cy - d);
  ctx.lineTo(cx + d, cy);
  ctx.lineTo(cx, cy + d);
  ctx.lineTo(cx - d, cy);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

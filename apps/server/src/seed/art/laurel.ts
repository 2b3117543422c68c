import type { Ctx } from './context.ts';

/** A pointed leaf (vesica) centred at the origin, pointing along +x. */
export function leafPath(ctx: Ctx, length: number, width: number): void {
  ctx.beginPath();
  ctx.moveTo(-length / 2, 0);
  ctx.quadraticCurveTo(0, -width, length / 2, 0);
  ctx.quadraticCurveTo(0, width, -length / 2, 0);
  ctx.closePath();
}

/**
 * One side of a laurel wreath: paired leaves along an arc from the bottom towards the top. `side` -1 draws
 * the left branch, 1 the right.
 */
function laurelBranch(
  ctx: Ctx,
  cx: number,
  cy: number,
  radius: number,
  side: -1 | 1,
  options: { fill: string | unknown; leaves?: number; leafSize?: number; sweep?: number; stem?: boolean; veins?: string },
): void {
  const leaves = options.leaves ?? 11;
  const size = options.leafSize ?? radius * 0.3;
  const start = Math.PI / 2 + side * 0.18; // just beside the bottom
  const sweep = options.sweep ?? Math.PI * 0.78;
  ctx.save();
  ctx.fillStyle = options.fill as string;
  ctx.strokeStyle = options.fill as string;
  if (options.stem !== false) {
    ctx.lineWidth = Math.max(1, size * 0.08);
    ctx.beginPath();
    ctx.arc(cx, cy, radius, start, start + -side * sweep, side === 1);
    ctx.stroke();
  }
  for (let i = 0; i < leaves; i++) {
    const t = i / (leaves - 1);
    const a = start - side * sweep * t;
    const px = cx + radius * Math.cos(a);
    const py = cy + radius * Math.sin(a);
    const tangent = a - side * (Math.PI / 2);
    const scale = 1 - t * 0.35;
    for (const out of [-1, 1]) {
      ctx.save();
      ctx.translate(px, py);
      ctx.rotate(tangent + out * 0.55 * -side);
      ctx.translate(size * scale * 0.5, 0);
      leafPath(ctx, size * scale, size * scale * 0.32);
      ctx.fill();
      if (options.veins) {
        ctx.strokeStyle = options.veins;
        ctx.lineWidth = Math.max(0.6, size * 0.025);
        ctx.beginPath();
        ctx.moveTo(-size * scale * 0.45, 0);
        ctx.lineTo(size * scale * 0.4, 0);
        ctx.stroke();
      }
      ctx.restore();
    }
  }
  // A single leaf caps each branch.
  const end = start - side * sweep;
  ctx.save();
  ctx.translate(cx + radius * Math.cos(end), cy + radius * Math.sin(end));
  ctx.rotate(end - side * (Math.PI / 2));
  ctx.translate(size * 0.3, 0);
  leafPath(ctx, size * 0.62, size * 0.2);
  ctx.fill();
  ctx.restore();
  ctx.restore();
}

export function laurelWreath(ctx: Ctx, cx: number, cy: number, radius: number, options: Parameters<typeof laurelBranch>[5]): void {
  laurelBranch(ctx, cx, cy, radius, -1, options);
  laurelBranch(ctx, cx, cy, radius, 1, options);
}

import type { Ctx } from './context.ts';

/** A point and outward normal at distance s along a rounded rectangle's perimeter (clockwise from top-left). */
function perimeterPoint(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  s: number,
): { px: number; py: number; nx: number; ny: number } {
  const straightW = w - 2 * r;
  const straightH = h - 2 * r;
  const arc = (Math.PI / 2) * r;
  const segments: Array<[number, (t: number) => { px: number; py: number; nx: number; ny: number }]> = [
    [straightW, (t) => ({ px: x + r + t, py: y, nx: 0, ny: -1 })],
    [
      arc,
      (t) => {
        const a = -Math.PI / 2 + t / r;
        return { px: x + w - r + r * Math.cos(a), py: y + r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
      },
    ],
    [straightH, (t) => ({ px: x + w, py: y + r + t, nx: 1, ny: 0 })],
    [
      arc,
      (t) => {
        const a = t / r;
        return { px: x + w - r + r * Math.cos(a), py: y + h - r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
      },
    ],
    [straightW, (t) => ({ px: x + w - r - t, py: y + h, nx: 0, ny: 1 })],
    [
      arc,
      (t) => {
        const a = Math.PI / 2 + t / r;
        return { px: x + r + r * Math.cos(a), py: y + h - r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
      },
    ],
    [straightH, (t) => ({ px: x, py: y + h - r - t, nx: -1, ny: 0 })],
    [
      arc,
      (t) => {
        const a = Math.PI + t / r;
        return { px: x + r + r * Math.cos(a), py: y + r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
      },
    ],
  ];
  let rest = s;
  for (const [length, at] of segments) {
    if (rest <= length) return at(rest);
    rest -= length;
  }
  return segments[0]![1](0);
}

/**
 * A guilloche band: several sine strands with shifted phases running round a rounded rectangle, the
 * engraved lattice of banknotes and old share certificates. The wave count is rounded so the strands
 * close on themselves.
 */
export function guillocheBand(
  ctx: Ctx,
  rect: { x: number; y: number; w: number; h: number; r: number },
  options: { amplitude: number; wavelength: number; strands: number; color: string; lineWidth: number; alpha?: number },
): void {
  const { x, y, w, h, r } = rect;
  const perimeter = 2 * (w - 2 * r) + 2 * (h - 2 * r) + 2 * Math.PI * r;
  const waves = Math.round(perimeter / options.wavelength);
  const steps = Math.ceil(perimeter / 2);
  ctx.save();
  ctx.strokeStyle = options.color;
  ctx.lineWidth = options.lineWidth;
  ctx.globalAlpha = options.alpha ?? 1;
  for (let k = 0; k < options.strands; k++) {
    const phase = (k / options.strands) * Math.PI * 2;
    ctx.beginPath();
    for (let i = 0; i <= steps; i++) {
      const s = (i / steps) * perimeter;
      const p = perimeterPoint(x, y, w, h, r, s);
      const t = (s / perimeter) * waves * Math.PI * 2;
      // Two harmonics make the strands weave instead of running parallel.
      const offset = options.amplitude * (Math.sin(t + phase) * 0.75 + Math.sin(2 * t - phase) * 0.25);
      const px = p.px + p.nx * offset;
      const py = p.py + p.ny * offset;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.stroke();
  }
  ctx.restore();
}

/** A spirograph rosette (hypotrochoid), the engraved medallion of security printing. */
export function rosette(
  ctx: Ctx,
  cx: number,
  cy: number,
  radius: number,
  options: { petals: number; depth: number; strands: number; color: string; lineWidth: number; alpha?: number },
): void {
  ctx.save();
  ctx.strokeStyle = options.color;
  ctx.lineWidth = options.lineWidth;
  ctx.globalAlpha = options.alpha ?? 1;
  for (let k = 0; k < options.strands; k++) {
    const rot = (k / options.strands) * ((Math.PI * 2) / options.petals);
    ctx.beginPath();
    const steps = 720;
    for (let i = 0; i <= steps; i++) {
      const t = (i / steps) * Math.PI * 2;
      const rr = radius * (1 - options.depth + options.depth * Math.abs(Math.cos((options.petals / 2) * t)));
      const px = cx + rr * Math.cos(t + rot);
      const py = cy + rr * Math.sin(t + rot);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.stroke();
  }
  ctx.restore();
}

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export type Ctx = SKRSContext2D;

/** Seeded generator (mulberry32): the same art on every machine and every start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Metallic gold along a line: light and dark bands read as a polished foil when printed. */
export function goldGradient(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, tone: 'gold' | 'rose' | 'silver' = 'gold') {
  const stops = {
    gold: ['#8a6a1f', '#d9b55a', '#f6e3a1', '#b8913a', '#e9cd7c', '#8f6d22'],
    rose: ['#8c5a45', '#d39a82', '#f3d2c2', '#b27660', '#e2b29c', '#8c5a45'],
    silver: ['#6f7780', '#b9c0c7', '#eef1f4', '#98a0a8', '#d5dadf', '#6f7780'],
  }[tone];
  const g = ctx.createLinearGradient(x0, y0, x1, y1);
  stops.forEach((c, i) => g.addColorStop(i / (stops.length - 1), c));
  return g;
}

/**
 * Soft mottling like handmade paper: low-resolution noise scaled up with smoothing. Low frequencies keep
 * the JPEG small, where per-pixel grain would double its size.
 */
export function paperMottle(ctx: Ctx, w: number, h: number, seed: number, tint: [number, number, number], strength: number): void {
  const random = seededRandom(seed);
  for (const cell of [96, 28]) {
    const cw = Math.ceil(w / cell) + 1;
    const ch = Math.ceil(h / cell) + 1;
    const small = createCanvas(cw, ch);
    const sctx = small.getContext('2d');
    const data = sctx.createImageData(cw, ch);
    for (let i = 0; i < cw * ch; i++) {
      data.data[i * 4] = tint[0];
      data.data[i * 4 + 1] = tint[1];
      data.data[i * 4 + 2] = tint[2];
      data.data[i * 4 + 3] = Math.round(random() * 255 * strength * (cell === 28 ? 0.5 : 1));
    }
    sctx.putImageData(data, 0, 0);
    ctx.save();
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(small, 0, 0, cw * cell, ch * cell);
    ctx.restore();
  }
}

/** Darkened edges, as old paper and studio photographs have; draws the eye to the centre. */
export function vignette(ctx: Ctx, w: number, h: number, color: string, alpha: number): void {
  const g = ctx.createRadialGradient(w / 2, h / 2, Math.min(w, h) * 0.35, w / 2, h / 2, Math.hypot(w, h) / 2);
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, color);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
}

/** A point and outward normal at distance s along a rounded rectangle's perimeter (clockwise from top-left). */
function perimeterPoint(x: number, y: number, w: number, h: number, r: number, s: number): { px: number; py: number; nx: number; ny: number } {
  const straightW = w - 2 * r;
  const straightH = h - 2 * r;
  const arc = (Math.PI / 2) * r;
  const segments: Array<[number, (t: number) => { px: number; py: number; nx: number; ny: number }]> = [
    [straightW, (t) => ({ px: x + r + t, py: y, nx: 0, ny: -1 })],
    [arc, (t) => { const a = -Math.PI / 2 + t / r; return { px: x + w - r + r * Math.cos(a), py: y + r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) }; }],
    [straightH, (t) => ({ px: x + w, py: y + r + t, nx: 1, ny: 0 })],
    [arc, (t) => { const a = t / r; return { px: x + w - r + r * Math.cos(a), py: y + h - r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) }; }],
    [straightW, (t) => ({ px: x + w - r - t, py: y + h, nx: 0, ny: 1 })],
    [arc, (t) => { const a = Math.PI / 2 + t / r; return { px: x + r + r * Math.cos(a), py: y + h - r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) }; }],
    [straightH, (t) => ({ px: x, py: y + h - r - t, nx: -1, ny: 0 })],
    [arc, (t) => { const a = Math.PI + t / r; return { px: x + r + r * Math.cos(a), py: y + r + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) }; }],
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
export function rosette(ctx: Ctx, cx: number, cy: number, radius: number, options: { petals: number; depth: number; strands: number; color: string; lineWidth: number; alpha?: number }): void {
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

/** A pointed leaf (vesica) centred at the origin, pointing along +x. */
function leafPath(ctx: Ctx, length: number, width: number): void {
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
export function laurelBranch(
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
export function foilSeal(ctx: Ctx, cx: number, cy: number, radius: number, options: { tone?: 'gold' | 'rose' | 'silver'; centre?: 'star' | 'laurel' | 'none'; ink?: string } = {}): void {
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

/**
 * A classical corner ornament: an L of two rules ending in curls, with a small diamond at the corner.
 * Drawn for the top-left corner; (sx, sy) mirror it into the others.
 */
export function cornerScroll(ctx: Ctx, x: number, y: number, size: number, sx: 1 | -1, sy: 1 | -1, color: string | unknown, lineWidth: number): void {
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
  for (const [angle, length] of [[Math.PI / 4, 0.3], [Math.PI / 4 - 0.62, 0.2], [Math.PI / 4 + 0.62, 0.2]] as const) {
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

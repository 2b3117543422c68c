import { type Ctx, seededRandom } from '../art/kit.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;

/** Low-poly facets: a jittered grid split into triangles, each shaded from a palette by height. */
function lowPoly(ctx: Ctx, w: number, h: number): void {
  const random = seededRandom(91);
  const cell = 110;
  const cols = Math.ceil(w / cell) + 1;
  const rows = Math.ceil(h / cell) + 1;
  const points: Array<[number, number]> = [];
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) {
      const edge = r === 0 || c === 0 || r === rows || c === cols;
      points.push([c * cell + (edge ? 0 : (random() - 0.5) * cell * 0.8), r * cell + (edge ? 0 : (random() - 0.5) * cell * 0.8)]);
    }
  }
  const at = (r: number, c: number) => points[r * (cols + 1) + c]!;
  const palette = ['#0d2b52', '#12386a', '#17467f', '#1d5594', '#2766a8', '#3a7bbb'];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const tri of [
        [at(r, c), at(r, c + 1), at(r + 1, c)],
        [at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)],
      ]) {
        const cy = (tri[0]![1] + tri[1]![1] + tri[2]![1]) / 3;
        const cx = (tri[0]![0] + tri[1]![0] + tri[2]![0]) / 3;
        const shade = Math.min(
          palette.length - 1,
          Math.max(0, Math.floor(((cx / w) * 0.5 + (1 - cy / h) * 0.5) * palette.length + (random() - 0.5) * 1.5)),
        );
        ctx.fillStyle = palette[shade]!;
        ctx.strokeStyle = palette[shade]!;
        ctx.beginPath();
        ctx.moveTo(...tri[0]!);
        ctx.lineTo(...tri[1]!);
        ctx.lineTo(...tri[2]!);
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
      }
    }
  }
}

/** A light honeycomb of hairline hexagons fading towards the centre. */
function hexagons(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#f6f8fb';
  ctx.fillRect(0, 0, w, h);
  const r = 34;
  const dx = r * Math.sqrt(3);
  ctx.lineWidth = 1.2;
  for (let row = -1, y = 0; y < h + r; row++, y = row * r * 1.5) {
    for (let x = (row % 2 ? dx / 2 : 0) - dx; x < w + dx; x += dx) {
      const d = Math.hypot((x - w / 2) / w, (y - h / 2) / h);
      ctx.strokeStyle = `rgba(40,80,140,${Math.min(0.5, d * 0.7).toFixed(3)})`;
      ctx.beginPath();
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 6 + (k * Math.PI) / 3;
        if (k === 0) ctx.moveTo(x + r * Math.cos(a), y + r * Math.sin(a));
        else ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
      }
      ctx.closePath();
      ctx.stroke();
    }
  }
}

/** Navy with gold pinstripes on the diagonal: a tailored, corporate pattern. */
function pinstripes(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#0e1f3a';
  ctx.fillRect(0, 0, w, h);
  ctx.lineWidth = 1.5;
  for (let i = 0, x = -h; x < w; i++, x += 22) {
    ctx.strokeStyle = i % 5 === 0 ? 'rgba(212,175,95,0.55)' : 'rgba(255,255,255,0.06)';
    ctx.beginPath();
    ctx.moveTo(x, h);
    ctx.lineTo(x + h, 0);
    ctx.stroke();
  }
}

/** Confetti over white: a celebration without a single word. */
function confetti(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  const random = seededRandom(95);
  const colours = ['#e63946', '#f4a261', '#2a9d8f', '#457b9d', '#e9c46a', '#9b5de5'];
  for (let i = 0; i < 420; i++) {
    const x = random() * w;
    const y = random() * h;
    // Denser at the edges, clear in the middle for text.
    if (Math.hypot((x - w / 2) / w, (y - h / 2) / h) < 0.3 && random() < 0.9) continue;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(random() * Math.PI);
    ctx.fillStyle = colours[Math.floor(random() * colours.length)]!;
    if (random() < 0.5) ctx.fillRect(-7, -3, 14, 6);
    else {
      ctx.beginPath();
      ctx.arc(0, 0, 4, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  }
}

export const GEOMETRIC: StockArt[] = [
  {
    id: 'geometric-low-poly',
    title: 'Blue low-poly facets',
    type: 'background',
    keywords: ['geometric', 'triangles', 'low poly', 'blue', 'modern', 'abstract', 'tech'],
    width: W,
    height: H,
    draw: lowPoly,
  },
  {
    id: 'geometric-hexagons',
    title: 'Hexagon grid',
    type: 'background',
    keywords: ['geometric', 'hexagon', 'honeycomb', 'pattern', 'light', 'tech', 'science'],
    width: W,
    height: H,
    draw: hexagons,
  },
  {
    id: 'pattern-pinstripe',
    title: 'Navy pinstripe',
    type: 'background',
    keywords: ['pattern', 'stripes', 'lines', 'navy', 'gold', 'corporate', 'dark'],
    width: W,
    height: H,
    draw: pinstripes,
  },
  {
    id: 'confetti',
    title: 'Confetti',
    type: 'background',
    keywords: ['confetti', 'celebration', 'party', 'colourful', 'colorful', 'fun', 'white'],
    width: W,
    height: H,
    draw: confetti,
  },
];

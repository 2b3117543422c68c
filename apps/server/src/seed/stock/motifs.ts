import { type Ctx, foilSeal, goldGradient, laurelWreath, ribbonTails, starPath } from '../art/kit.ts';
import type { StockArt } from './types.ts';

/** An award rosette: a pleated ring in the ribbon's colour around a gold seal, with two tails. */
function rosetteBadge(colour: string, dark: string) {
  return (ctx: Ctx, w: number, h: number) => {
    const cx = w / 2;
    const cy = h * 0.4;
    const r = w * 0.3;
    ribbonTails(ctx, cx, cy + r * 0.6, h * 0.5, r * 0.55, colour, dark);
    ctx.fillStyle = dark;
    starPath(ctx, cx, cy, r * 1.08, r * 0.95, 40);
    ctx.fill();
    ctx.fillStyle = colour;
    starPath(ctx, cx, cy, r, r * 0.88, 40, 0.04);
    ctx.fill();
    foilSeal(ctx, cx, cy, r * 0.72, { centre: 'star' });
  };
}

function wreath(fill: 'gold' | string, veins?: string) {
  return (ctx: Ctx, w: number, h: number) => {
    const paint = fill === 'gold' ? goldGradient(ctx, 0, 0, w, h) : fill;
    laurelWreath(ctx, w / 2, h * 0.47, w * 0.34, { fill: paint, leaves: 14, leafSize: w * 0.14, ...(veins ? { veins } : {}) });
  };
}

function seal(tone: 'gold' | 'silver', centre: 'star' | 'laurel', tails?: [string, string]) {
  return (ctx: Ctx, w: number, h: number) => {
    const cy = tails ? h * 0.4 : h / 2;
    if (tails) ribbonTails(ctx, w / 2, cy + w * 0.2, h * 0.5, w * 0.16, tails[0], tails[1]);
    foilSeal(ctx, w / 2, cy, w * (tails ? 0.34 : 0.44), { tone, centre, ...(tone === 'silver' ? { ink: 'rgba(50,56,64,0.55)' } : {}) });
  };
}

/** Five gold stars on a gentle arc, the centre one largest. */
function fiveStars(ctx: Ctx, w: number, h: number): void {
  const gold = goldGradient(ctx, 0, 0, w, h);
  for (let i = 0; i < 5; i++) {
    const t = (i - 2) / 2;
    const x = w / 2 + t * w * 0.38;
    const y = h * 0.45 + t * t * h * 0.16;
    const r = h * (i === 2 ? 0.36 : 0.28);
    starPath(ctx, x, y, r, r * 0.42, 5);
    ctx.fillStyle = gold;
    ctx.fill();
    ctx.strokeStyle = 'rgba(110,80,20,0.6)';
    ctx.lineWidth = 2;
    ctx.stroke();
  }
}

/** A blank ribbon banner with folded, swallow-tailed ends, for a heading placed over it. */
function banner(colour: string, dark: string) {
  return (ctx: Ctx, w: number, h: number) => {
    const bandH = h * 0.5;
    const cy = h * 0.42;
    const tail = w * 0.14;
    for (const side of [-1, 1]) {
      const x = w / 2 + side * (w / 2 - tail - 4);
      ctx.fillStyle = dark;
      ctx.beginPath();
      ctx.moveTo(x, cy - bandH / 2 + h * 0.16);
      ctx.lineTo(x + side * tail, cy - bandH / 2 + h * 0.16);
      ctx.lineTo(x + side * tail * 0.65, cy + h * 0.16);
      ctx.lineTo(x + side * tail, cy + bandH / 2 + h * 0.16);
      ctx.lineTo(x, cy + bandH / 2 + h * 0.16);
      ctx.closePath();
      ctx.fill();
    }
    ctx.fillStyle = colour;
    ctx.fillRect(tail * 0.9, cy - bandH / 2, w - tail * 1.8, bandH);
    ctx.strokeStyle = goldGradient(ctx, 0, 0, w, 0);
    ctx.lineWidth = 3;
    ctx.strokeRect(tail * 0.9 + 8, cy - bandH / 2 + 8, w - tail * 1.8 - 16, bandH - 16);
  };
}

const SQUARE = { width: 600, height: 600 };
const WIDE = { width: 900, height: 300 };

export const MOTIFS: StockArt[] = [
  {
    id: 'seal-gold-star',
    title: 'Gold seal with star',
    type: 'image',
    keywords: ['seal', 'gold', 'star', 'badge', 'award', 'stamp', 'emblem'],
    ...SQUARE,
    draw: seal('gold', 'star'),
  },
  {
    id: 'seal-gold-ribbons',
    title: 'Gold seal with red ribbons',
    type: 'image',
    keywords: ['seal', 'gold', 'ribbon', 'red', 'award', 'diploma', 'academic', 'stamp'],
    ...SQUARE,
    draw: seal('gold', 'laurel', ['#9b1c24', 'rgba(0,0,0,0.2)']),
  },
  {
    id: 'seal-silver',
    title: 'Silver seal',
    type: 'image',
    keywords: ['seal', 'silver', 'badge', 'stamp', 'second', 'emblem'],
    ...SQUARE,
    draw: seal('silver', 'star'),
  },
  {
    id: 'rosette-blue',
    title: 'Blue award rosette',
    type: 'image',
    keywords: ['rosette', 'ribbon', 'blue', 'award', 'first', 'winner', 'prize'],
    ...SQUARE,
    draw: rosetteBadge('#1f4e9c', '#163a75'),
  },
  {
    id: 'rosette-red',
    title: 'Red award rosette',
    type: 'image',
    keywords: ['rosette', 'ribbon', 'red', 'award', 'winner', 'prize'],
    ...SQUARE,
    draw: rosetteBadge('#b3202a', '#841820'),
  },
  {
    id: 'laurel-gold',
    title: 'Gold laurel wreath',
    type: 'image',
    keywords: ['laurel', 'wreath', 'gold', 'award', 'victory', 'leaves', 'honour'],
    ...SQUARE,
    draw: wreath('gold'),
  },
  {
    id: 'laurel-green',
    title: 'Green laurel wreath',
    type: 'image',
    keywords: ['laurel', 'wreath', 'green', 'leaves', 'nature', 'olive', 'victory'],
    ...SQUARE,
    draw: wreath('#3f6b3a', 'rgba(255,255,255,0.35)'),
  },
  {
    id: 'stars-five',
    title: 'Five gold stars',
    type: 'image',
    keywords: ['stars', 'star', 'gold', 'rating', 'excellence', 'five'],
    ...WIDE,
    draw: fiveStars,
  },
  {
    id: 'ribbon-banner-red',
    title: 'Red ribbon banner',
    type: 'image',
    keywords: ['ribbon', 'banner', 'red', 'title', 'heading'],
    ...WIDE,
    draw: banner('#b3202a', '#7d151c'),
  },
  {
    id: 'ribbon-banner-navy',
    title: 'Navy ribbon banner',
    type: 'image',
    keywords: ['ribbon', 'banner', 'navy', 'blue', 'title', 'heading', 'corporate'],
    ...WIDE,
    draw: banner('#16305c', '#0d1f3d'),
  },
];

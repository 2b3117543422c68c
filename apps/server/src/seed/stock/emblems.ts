import { type Ctx, cornerScroll, foilSeal, goldGradient, ribbonTails, ruleWithDiamond, starPath } from '../art/kit.ts';
import type { StockArt } from './types.ts';

/** A medal on a V-shaped ribbon: the ribbon's two halves, then the disc with a star. */
function medal(tone: 'gold' | 'silver' | 'bronze', ribbon: [string, string]) {
  return (ctx: Ctx, w: number, h: number) => {
    const cx = w / 2;
    const cy = h * 0.66;
    const r = w * 0.24;
    for (const [side, colour] of [
      [-1, ribbon[0]],
      [1, ribbon[1]],
    ] as const) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.moveTo(cx + side * w * 0.3, h * 0.04);
      ctx.lineTo(cx + side * w * 0.08, h * 0.04);
      ctx.lineTo(cx + side * r * 0.15, cy - r * 0.6);
      ctx.lineTo(cx + side * r * 0.75, cy - r * 0.6);
      ctx.closePath();
      ctx.fill();
    }
    const paint =
      tone === 'bronze'
        ? (() => {
            const g = ctx.createLinearGradient(cx - r, cy - r, cx + r, cy + r);
            for (const [i, c] of ['#6e3f1c', '#c2834b', '#f0c08a', '#9a5e2e', '#5b3315'].entries()) g.addColorStop(i / 4, c);
            return g;
          })()
        : goldGradient(ctx, cx - r, cy - r, cx + r, cy + r, tone);
    ctx.fillStyle = paint;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = 'rgba(0,0,0,0.25)';
    ctx.lineWidth = w * 0.012;
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.82, 0, Math.PI * 2);
    ctx.stroke();
    starPath(ctx, cx, cy, r * 0.5, r * 0.21, 5);
    ctx.fillStyle = 'rgba(255,255,255,0.45)';
    ctx.fill();
  };
}

/** A heraldic shield, quartered or plain, with a star at its heart. */
function shield(field: string, edge: string, quartered: boolean) {
  return (ctx: Ctx, w: number, h: number) => {
    const top = h * 0.08;
    const left = w * 0.18;
    const right = w * 0.82;
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(left, top);
      ctx.lineTo(right, top);
      ctx.lineTo(right, h * 0.5);
      ctx.quadraticCurveTo(right, h * 0.8, w / 2, h * 0.94);
      ctx.quadraticCurveTo(left, h * 0.8, left, h * 0.5);
      ctx.closePath();
    };
    path();
    ctx.fillStyle = field;
    ctx.fill();
    if (quartered) {
      ctx.save();
      path();
      ctx.clip();
      ctx.fillStyle = 'rgba(255,255,255,0.18)';
      ctx.fillRect(w / 2, top, w / 2, h * 0.4);
      ctx.fillRect(0, top + h * 0.4, w / 2, h);
      ctx.restore();
    }
    path();
    ctx.strokeStyle = edge;
    ctx.lineWidth = w * 0.035;
    ctx.stroke();
    starPath(ctx, w / 2, h * 0.46, w * 0.16, w * 0.07, 5);
    ctx.fillStyle = edge;
    ctx.fill();
  };
}

/** A starburst sticker: a many-pointed star in one colour with a ring inside. */
function starburst(colour: string, ring: string) {
  return (ctx: Ctx, w: number, h: number) => {
    starPath(ctx, w / 2, h / 2, w * 0.47, w * 0.4, 24);
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = ring;
    ctx.lineWidth = w * 0.012;
    for (const r of [0.33, 0.3]) {
      ctx.beginPath();
      ctx.arc(w / 2, h / 2, w * r, 0, Math.PI * 2);
      ctx.stroke();
    }
  };
}

/** A cup on a stepped base, in gold. */
function trophy(tone: 'gold' | 'silver') {
  return (ctx: Ctx, w: number, h: number) => {
    const paint = goldGradient(ctx, w * 0.2, 0, w * 0.8, h, tone);
    ctx.fillStyle = paint;
    ctx.strokeStyle = paint;
    ctx.lineWidth = w * 0.045;
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(
        w / 2 + side * w * 0.27,
        h * 0.3,
        w * 0.1,
        side < 0 ? Math.PI * 0.5 : -Math.PI * 0.5,
        side < 0 ? Math.PI * 1.5 : Math.PI * 0.5,
      );
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.moveTo(w * 0.24, h * 0.12);
    ctx.lineTo(w * 0.76, h * 0.12);
    ctx.quadraticCurveTo(w * 0.74, h * 0.55, w * 0.53, h * 0.6);
    ctx.lineTo(w * 0.53, h * 0.72);
    ctx.lineTo(w * 0.47, h * 0.72);
    ctx.lineTo(w * 0.47, h * 0.6);
    ctx.quadraticCurveTo(w * 0.26, h * 0.55, w * 0.24, h * 0.12);
    ctx.fill();
    ctx.fillRect(w * 0.34, h * 0.72, w * 0.32, h * 0.06);
    ctx.fillRect(w * 0.28, h * 0.8, w * 0.44, h * 0.1);
    starPath(ctx, w / 2, h * 0.3, w * 0.09, w * 0.04, 5);
    ctx.fillStyle = 'rgba(255,255,255,0.5)';
    ctx.fill();
  };
}

/** One corner flourish, for a corner of the page (turn it with the other three copies). */
function corner(ink: string | 'gold') {
  return (ctx: Ctx, w: number, h: number) => {
    const paint = ink === 'gold' ? goldGradient(ctx, 0, 0, w, h) : ink;
    cornerScroll(ctx, w * 0.06, h * 0.06, w * 0.88, 1, 1, paint, w * 0.02);
  };
}

/** A horizontal divider with a diamond at its middle, to set between lines of text. */
function divider(ink: string | 'gold') {
  return (ctx: Ctx, w: number, h: number) => {
    const paint = ink === 'gold' ? goldGradient(ctx, 0, 0, w, 0) : ink;
    ruleWithDiamond(ctx, w / 2, h / 2, w * 0.48, paint, h * 0.12);
  };
}

/** A gold seal with ribbons in a school's two colours. */
function ribbonSeal(a: string, b: string) {
  return (ctx: Ctx, w: number, h: number) => {
    ribbonTails(ctx, w / 2, h * 0.55, h * 0.44, w * 0.16, a, b);
    foilSeal(ctx, w / 2, h * 0.4, w * 0.34, { tone: 'gold', centre: 'star' });
  };
}

const SQUARE = { width: 600, height: 600 };
const TALL = { width: 480, height: 640 };
const DIVIDER = { width: 900, height: 120 };

const image = (
  id: string,
  title: string,
  keywords: string[],
  size: { width: number; height: number },
  draw: StockArt['draw'],
): StockArt => ({
  id,
  title,
  type: 'image',
  keywords,
  ...size,
  draw,
});

export const EMBLEMS: StockArt[] = [
  image('medal-gold', 'Gold medal', ['medal', 'gold', 'first', 'winner', 'award', 'sport'], TALL, medal('gold', ['#1f4e9c', '#b3202a'])),
  image('medal-silver', 'Silver medal', ['medal', 'silver', 'second', 'award', 'sport'], TALL, medal('silver', ['#1f4e9c', '#b3202a'])),
  image('medal-bronze', 'Bronze medal', ['medal', 'bronze', 'third', 'award', 'sport'], TALL, medal('bronze', ['#1f4e9c', '#b3202a'])),
  image(
    'medal-gold-green',
    'Gold medal on a green ribbon',
    ['medal', 'gold', 'green', 'award', 'achievement'],
    TALL,
    medal('gold', ['#2f6b4f', '#245740']),
  ),
  image(
    'shield-navy',
    'Navy shield',
    ['shield', 'crest', 'navy', 'blue', 'school', 'academic', 'emblem'],
    SQUARE,
    shield('#1d3557', '#d9b55a', false),
  ),
  image(
    'shield-burgundy',
    'Burgundy quartered shield',
    ['shield', 'crest', 'burgundy', 'red', 'school', 'academic', 'heraldry'],
    SQUARE,
    shield('#7a2335', '#e9cd7c', true),
  ),
  image(
    'shield-green',
    'Green quartered shield',
    ['shield', 'crest', 'green', 'school', 'heraldry', 'emblem'],
    SQUARE,
    shield('#2f6b4f', '#f6e3a1', true),
  ),
  image('shield-black', 'Black shield', ['shield', 'crest', 'black', 'security', 'emblem'], SQUARE, shield('#1f1f22', '#b9c0c7', false)),
  image(
    'starburst-gold',
    'Gold starburst',
    ['starburst', 'sticker', 'gold', 'badge', 'seal', 'excellence'],
    SQUARE,
    starburst('#c9a23f', 'rgba(255,255,255,0.8)'),
  ),
  image(
    'starburst-red',
    'Red starburst',
    ['starburst', 'sticker', 'red', 'badge', 'special'],
    SQUARE,
    starburst('#b3202a', 'rgba(255,255,255,0.85)'),
  ),
  image(
    'starburst-teal',
    'Teal starburst',
    ['starburst', 'sticker', 'teal', 'badge', 'modern'],
    SQUARE,
    starburst('#1f6f6b', 'rgba(255,255,255,0.85)'),
  ),
  image('trophy-gold', 'Gold trophy', ['trophy', 'cup', 'gold', 'winner', 'champion', 'sport'], SQUARE, trophy('gold')),
  image('trophy-silver', 'Silver trophy', ['trophy', 'cup', 'silver', 'champion', 'sport'], SQUARE, trophy('silver')),
  image('corner-gold', 'Gold corner flourish', ['corner', 'flourish', 'ornament', 'gold', 'scroll', 'decoration'], SQUARE, corner('gold')),
  image(
    'corner-black',
    'Black corner flourish',
    ['corner', 'flourish', 'ornament', 'black', 'scroll', 'decoration'],
    SQUARE,
    corner('#222222'),
  ),
  image('divider-gold', 'Gold divider', ['divider', 'rule', 'line', 'ornament', 'gold', 'separator'], DIVIDER, divider('gold')),
  image('divider-navy', 'Navy divider', ['divider', 'rule', 'line', 'ornament', 'navy', 'blue', 'separator'], DIVIDER, divider('#1d3557')),
  image(
    'seal-ribbons-blue-gold',
    'Gold seal with blue ribbons',
    ['seal', 'gold', 'ribbon', 'blue', 'diploma', 'graduation'],
    SQUARE,
    ribbonSeal('#1f4e9c', '#163a75'),
  ),
  image(
    'seal-ribbons-green',
    'Gold seal with green ribbons',
    ['seal', 'gold', 'ribbon', 'green', 'diploma', 'graduation'],
    SQUARE,
    ribbonSeal('#2f6b4f', '#245740'),
  ),
];

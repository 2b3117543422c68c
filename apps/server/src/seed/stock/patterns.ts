import { type Ctx, cornerScroll, fourCorners, guillocheBand, paperMottle, rosette, ruleWithDiamond } from '../art/kit.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;
type Rgb = [number, number, number];

const rgb = ([r, g, b]: Rgb, alpha = 1) => `rgba(${r},${g},${b},${alpha})`;

function paper(ctx: Ctx, w: number, h: number, tint: Rgb, seed: number): void {
  ctx.fillStyle = rgb(tint);
  ctx.fillRect(0, 0, w, h);
  paperMottle(ctx, w, h, seed, [tint[0] - 30, tint[1] - 30, tint[2] - 30], 0.05);
}

/** Certificate borders on paper: an outer rule, an inner hairline and corner flourishes, the middle left free for text. */
function bordered(tint: Rgb, ink: string, style: 'scroll' | 'guilloche' | 'double' | 'diamond', seed: number) {
  return (ctx: Ctx, w: number, h: number) => {
    paper(ctx, w, h, tint, seed);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 10;
    ctx.strokeRect(34, 34, w - 68, h - 68);
    ctx.lineWidth = 2;
    ctx.strokeRect(56, 56, w - 112, h - 112);
    if (style === 'scroll') fourCorners(w, h, 70, (x, y, sx, sy) => cornerScroll(ctx, x, y, 120, sx, sy, ink, 3));
    if (style === 'guilloche')
      guillocheBand(
        ctx,
        { x: 66, y: 66, w: w - 132, h: h - 132, r: 24 },
        { amplitude: 9, wavelength: 26, strands: 3, color: ink, lineWidth: 1.1, alpha: 0.8 },
      );
    if (style === 'double') {
      ctx.lineWidth = 5;
      ctx.strokeRect(72, 72, w - 144, h - 144);
    }
    if (style === 'diamond') {
      ruleWithDiamond(ctx, w / 2, 100, w * 0.22, ink, 3);
      ruleWithDiamond(ctx, w / 2, h - 100, w * 0.22, ink, 3);
    }
  };
}

/** Fine diagonal pinstripes over a tint. */
function pinstripes(tint: Rgb, line: string, angle: number) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = rgb(tint);
    ctx.fillRect(0, 0, w, h);
    ctx.save();
    ctx.translate(w / 2, h / 2);
    ctx.rotate(angle);
    ctx.strokeStyle = line;
    ctx.lineWidth = 2;
    const reach = Math.hypot(w, h);
    for (let x = -reach; x < reach; x += 18) {
      ctx.beginPath();
      ctx.moveTo(x, -reach);
      ctx.lineTo(x, reach);
      ctx.stroke();
    }
    ctx.restore();
  };
}

/** A halftone of dots growing towards one corner. */
function halftone(tint: Rgb, dot: Rgb) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = rgb(tint);
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = rgb(dot, 0.55);
    const gap = 26;
    for (let y = gap / 2; y < h; y += gap) {
      for (let x = gap / 2; x < w; x += gap) {
        const r = (gap / 2.4) * Math.max(0, 1 - Math.hypot(w - x, h - y) / Math.hypot(w, h) / 0.75);
        if (r < 0.6) continue;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  };
}

/** Flowing contour lines, like a topographic map or a banknote's wave field. */
function contours(tint: Rgb, line: Rgb, seed: number) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = rgb(tint);
    ctx.fillRect(0, 0, w, h);
    ctx.lineWidth = 1.6;
    for (let k = 0; k < 34; k++) {
      const base = (k / 33) * h * 1.2 - h * 0.1;
      ctx.strokeStyle = rgb(line, 0.18 + 0.3 * Math.abs(Math.sin(k * 0.4 + seed)));
      ctx.beginPath();
      for (let x = 0; x <= w; x += 8) {
        const y = base + Math.sin(x / 170 + k * 0.22 + seed) * 34 + Math.sin(x / 67 + seed * 2) * 9;
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  };
}

/** A large guilloche rosette watermark in one corner of a pale field. */
function watermark(tint: Rgb, ink: string) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = rgb(tint);
    ctx.fillRect(0, 0, w, h);
    rosette(ctx, w * 0.86, h * 0.8, h * 0.42, { petals: 18, depth: 0.12, strands: 9, color: ink, lineWidth: 1, alpha: 0.35 });
    rosette(ctx, w * 0.1, h * 0.14, h * 0.22, { petals: 12, depth: 0.16, strands: 6, color: ink, lineWidth: 1, alpha: 0.25 });
  };
}

/** Chevrons in two close tones. */
function chevrons(a: string, b: string) {
  return (ctx: Ctx, w: number, h: number) => {
    ctx.fillStyle = a;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = b;
    const band = 46;
    for (let y = -band; y < h + band; y += band * 2) {
      ctx.beginPath();
      for (let x = 0; x <= w + 80; x += 80) ctx.lineTo(x, y + ((x / 80) % 2 ? band : 0));
      for (let x = Math.floor((w + 80) / 80) * 80; x >= 0; x -= 80) ctx.lineTo(x, y + band + ((x / 80) % 2 ? band : 0));
      ctx.closePath();
      ctx.fill();
    }
  };
}

const IVORY: Rgb = [250, 246, 236];
const WHITE: Rgb = [252, 252, 250];
const SAGE: Rgb = [240, 245, 238];
const SKY: Rgb = [238, 244, 250];
const BLUSH: Rgb = [251, 241, 238];

const bg = (id: string, title: string, keywords: string[], draw: StockArt['draw']): StockArt => ({
  id,
  title,
  type: 'background',
  keywords,
  width: W,
  height: H,
  draw,
});

export const PATTERNS: StockArt[] = [
  bg(
    'border-navy-scroll',
    'Navy border with corner scrolls',
    ['border', 'frame', 'navy', 'blue', 'classic', 'formal', 'scroll'],
    bordered(IVORY, '#1d3557', 'scroll', 11),
  ),
  bg(
    'border-gold-scroll',
    'Gold border with corner scrolls',
    ['border', 'frame', 'gold', 'classic', 'elegant', 'scroll'],
    bordered(IVORY, '#a8842f', 'scroll', 12),
  ),
  bg(
    'border-green-guilloche',
    'Green guilloche border',
    ['border', 'frame', 'green', 'guilloche', 'banknote', 'security'],
    bordered(WHITE, '#2f6b4f', 'guilloche', 13),
  ),
  bg(
    'border-burgundy-guilloche',
    'Burgundy guilloche border',
    ['border', 'frame', 'burgundy', 'red', 'guilloche', 'academic'],
    bordered(IVORY, '#7a2335', 'guilloche', 14),
  ),
  bg(
    'border-black-double',
    'Black double-rule border',
    ['border', 'frame', 'black', 'minimal', 'modern', 'double'],
    bordered(WHITE, '#222222', 'double', 15),
  ),
  bg(
    'border-teal-diamond',
    'Teal border with diamond rules',
    ['border', 'frame', 'teal', 'diamond', 'ornament'],
    bordered(SAGE, '#1f6f6b', 'diamond', 16),
  ),
  bg(
    'border-purple-double',
    'Purple double-rule border',
    ['border', 'frame', 'purple', 'violet', 'double', 'royal'],
    bordered(WHITE, '#4b2a7b', 'double', 17),
  ),
  bg(
    'border-rose-diamond',
    'Rose border with diamond rules',
    ['border', 'frame', 'rose', 'pink', 'diamond', 'soft'],
    bordered(BLUSH, '#a0485a', 'diamond', 18),
  ),
  bg(
    'pinstripe-grey',
    'Grey pinstripes',
    ['stripes', 'pinstripe', 'grey', 'gray', 'corporate', 'subtle'],
    pinstripes(WHITE, 'rgba(60,60,70,0.08)', Math.PI / 4),
  ),
  bg(
    'pinstripe-blue',
    'Blue pinstripes',
    ['stripes', 'pinstripe', 'blue', 'corporate', 'business'],
    pinstripes(SKY, 'rgba(30,70,140,0.1)', -Math.PI / 4),
  ),
  bg('halftone-blue', 'Blue halftone dots', ['dots', 'halftone', 'blue', 'modern', 'tech'], halftone(WHITE, [40, 90, 170])),
  bg(
    'halftone-coral',
    'Coral halftone dots',
    ['dots', 'halftone', 'coral', 'orange', 'playful', 'modern'],
    halftone(WHITE, [230, 110, 90]),
  ),
  bg(
    'contours-sand',
    'Sand contour lines',
    ['contour', 'topographic', 'lines', 'waves', 'sand', 'beige', 'nature'],
    contours(IVORY, [150, 120, 70], 1),
  ),
  bg(
    'contours-ocean',
    'Ocean contour lines',
    ['contour', 'topographic', 'lines', 'waves', 'ocean', 'blue', 'sea'],
    contours(SKY, [30, 90, 140], 2.5),
  ),
  bg(
    'watermark-gold',
    'Gold rosette watermark',
    ['rosette', 'watermark', 'gold', 'guilloche', 'security', 'elegant'],
    watermark(IVORY, '#b08d3c'),
  ),
  bg(
    'watermark-slate',
    'Slate rosette watermark',
    ['rosette', 'watermark', 'slate', 'grey', 'guilloche', 'security'],
    watermark(WHITE, '#4a5a6a'),
  ),
  bg('chevron-mint', 'Mint chevrons', ['chevron', 'zigzag', 'mint', 'green', 'pattern', 'playful'], chevrons('#eef7f1', '#e1f0e6')),
  bg('chevron-sand', 'Sand chevrons', ['chevron', 'zigzag', 'sand', 'beige', 'pattern', 'warm'], chevrons('#faf5ea', '#f1e8d4')),
];

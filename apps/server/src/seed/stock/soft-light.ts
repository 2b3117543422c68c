import { createCanvas } from '@napi-rs/canvas';
import { type Ctx, seededRandom } from '../art/kit.ts';
import { fractalNoise } from '../art/noise.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;

/** Out-of-focus lights: soft discs of radial gradient over a dark or pale field. */
function bokeh(base: [string, string], colours: string[], seed: number, count: number) {
  return (ctx: Ctx, w: number, h: number) => {
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, base[0]);
    g.addColorStop(1, base[1]);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    const random = seededRandom(seed);
    ctx.globalCompositeOperation = 'lighter';
    for (let i = 0; i < count; i++) {
      const x = random() * w;
      const y = random() * h;
      const r = 20 + random() * 90;
      const colour = colours[Math.floor(random() * colours.length)]!;
      const disc = ctx.createRadialGradient(x, y, 0, x, y, r);
      disc.addColorStop(0, colour.replace('ALPHA', (0.25 + random() * 0.25).toFixed(2)));
      disc.addColorStop(0.7, colour.replace('ALPHA', '0.12'));
      disc.addColorStop(1, colour.replace('ALPHA', '0'));
      ctx.fillStyle = disc;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalCompositeOperation = 'source-over';
  };
}

/** Watercolour: a few noise-edged washes of pigment, lighter in their middle, over white paper. */
function watercolour(colours: Array<[number, number, number]>, seed: number) {
  return (ctx: Ctx, w: number, h: number) => {
    // A third of the size is enough for soft washes and keeps the per-pixel work small.
    const sw = Math.ceil(w / 3);
    const sh = Math.ceil(h / 3);
    const small = createCanvas(sw, sh);
    const sctx = small.getContext('2d');
    const image = sctx.createImageData(sw, sh);
    const noise = fractalNoise(seed);
    const blobs = colours.map((c, i) => ({
      c,
      x: [0.15, 0.85, 0.8, 0.2][i % 4]! * sw,
      y: [0.2, 0.8, 0.15, 0.85][i % 4]! * sh,
      r: 0.42 * Math.max(sw, sh),
    }));
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        let r = 253,
          g = 252,
          b = 249;
        for (const [i, blob] of blobs.entries()) {
          const d = Math.hypot(x - blob.x, y - blob.y) / blob.r + (noise(x / 40 + i * 17, y / 40) - 0.5) * 0.9;
          if (d < 1) {
            // Pigment pools at the wash's edge, as it does when water dries.
            const a = Math.min(1, (0.35 + d ** 3 * 0.5) * (noise(x / 17, y / 17 + i * 9, 3) * 0.6 + 0.6));
            r = r * (1 - a) + blob.c[0] * a;
            g = g * (1 - a) + blob.c[1] * a;
            b = b * (1 - a) + blob.c[2] * a;
          }
        }
        const i = (y * sw + x) * 4;
        image.data[i] = r;
        image.data[i + 1] = g;
        image.data[i + 2] = b;
        image.data[i + 3] = 255;
      }
    }
    sctx.putImageData(image, 0, 0);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(small, 0, 0, w, h);
  };
}

export const SOFT_LIGHT: StockArt[] = [
  {
    id: 'bokeh-gold',
    title: 'Golden bokeh',
    type: 'background',
    keywords: ['bokeh', 'lights', 'gold', 'festive', 'celebration', 'dark', 'night'],
    width: W,
    height: H,
    draw: bokeh(['#1a1410', '#0b0806'], ['rgba(240,190,90,ALPHA)', 'rgba(255,220,150,ALPHA)', 'rgba(200,140,60,ALPHA)'], 101, 70),
  },
  {
    id: 'bokeh-blue',
    title: 'Soft blue bokeh',
    type: 'background',
    keywords: ['bokeh', 'blue', 'soft', 'lights', 'calm', 'light'],
    width: W,
    height: H,
    draw: bokeh(['#dbe8f7', '#b8cfe9'], ['rgba(255,255,255,ALPHA)', 'rgba(160,200,255,ALPHA)'], 102, 60),
  },
  {
    id: 'watercolour-blush',
    title: 'Blush watercolour',
    type: 'background',
    keywords: ['watercolour', 'watercolor', 'pink', 'blush', 'soft', 'painted', 'feminine'],
    width: W,
    height: H,
    draw: watercolour(
      [
        [240, 190, 195],
        [235, 205, 170],
        [245, 210, 215],
        [225, 200, 160],
      ],
      111,
    ),
  },
  {
    id: 'watercolour-sea',
    title: 'Sea watercolour',
    type: 'background',
    keywords: ['watercolour', 'watercolor', 'blue', 'teal', 'sea', 'soft', 'painted'],
    width: W,
    height: H,
    draw: watercolour(
      [
        [150, 200, 215],
        [120, 175, 200],
        [170, 215, 210],
        [140, 185, 210],
      ],
      112,
    ),
  },
];

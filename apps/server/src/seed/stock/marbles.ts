import { createCanvas } from '@napi-rs/canvas';
import type { Ctx } from '../art/kit.ts';
import { fractalNoise } from '../art/noise.ts';
import type { StockArt } from './types.ts';

const W = 1280;
const H = 988;

type Rgb = [number, number, number];

/**
 * Marble from turbulence: veins where a sine of the warped coordinate crosses zero. Computed at half
 * size and scaled up, which also softens the veins the way polished stone does.
 */
function marble(base: Rgb, vein: Rgb, seed: number, sharpness: number) {
  return (ctx: Ctx, w: number, h: number) => {
    const sw = Math.ceil(w / 2);
    const sh = Math.ceil(h / 2);
    const small = createCanvas(sw, sh);
    const sctx = small.getContext('2d');
    const image = sctx.createImageData(sw, sh);
    const noise = fractalNoise(seed);
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        // Gentle turbulence bends the bands into veins; more of it would curl them into contour lines.
        const n = noise(x / 220, y / 220, 6);
        const band = Math.abs(Math.sin((x * 0.8 + y * 0.5) / 95 + n * 5.5));
        const fine = Math.abs(Math.sin((x * 0.3 - y * 0.9) / 60 + noise(x / 120 + 9, y / 120, 5) * 7));
        const veinAmount = Math.min(1, (1 - band) ** sharpness + 0.35 * (1 - band) ** 2.5 + 0.3 * (1 - fine) ** (sharpness * 3));
        const cloud = (noise(x / 300 + 40, y / 300, 4) - 0.5) * 0.12;
        const i = (y * sw + x) * 4;
        for (let c = 0; c < 3; c++) {
          const shaded = base[c]! * (1 + cloud);
          image.data[i + c] = Math.max(0, Math.min(255, Math.round(shaded + (vein[c]! - shaded) * veinAmount)));
        }
        image.data[i + 3] = 255;
      }
    }
    sctx.putImageData(image, 0, 0);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(small, 0, 0, w, h);
  };
}

export const MARBLES: StockArt[] = [
  {
    id: 'marble-white',
    title: 'White marble',
    type: 'background',
    keywords: ['marble', 'white', 'stone', 'luxury', 'grey', 'texture'],
    width: W,
    height: H,
    draw: marble([244, 243, 240], [150, 150, 155], 81, 9),
  },
  {
    id: 'marble-black-gold',
    title: 'Black and gold marble',
    type: 'background',
    keywords: ['marble', 'black', 'gold', 'luxury', 'dark', 'stone', 'elegant'],
    width: W,
    height: H,
    draw: marble([28, 28, 32], [214, 176, 96], 82, 14),
  },
  {
    id: 'marble-emerald',
    title: 'Emerald marble',
    type: 'background',
    keywords: ['marble', 'green', 'emerald', 'stone', 'luxury', 'dark'],
    width: W,
    height: H,
    draw: marble([18, 72, 58], [210, 230, 220], 83, 12),
  },
];

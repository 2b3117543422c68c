import type { Ctx } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

/** A bundle of fine sine lines, fanning out as they cross the page like a ribbon of silk. */
function waveBundle(ctx: Ctx, w: number, y0: number, amplitude: number, spread: number, color: string, lines: number, phase: number): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 0.5;
  for (let i = 0; i < lines; i++) {
    const t = i / (lines - 1);
    ctx.beginPath();
    for (let x = -10; x <= w + 10; x += 4) {
      const u = x / w;
      const y =
        y0 + Math.sin(u * Math.PI * 1.6 + phase + t * 0.9) * amplitude * (0.6 + t * 0.4) + (t - 0.5) * spread * Math.sin(u * Math.PI);
      if (x === -10) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** A cool lavender-to-mint wash with flowing line bundles at the top and bottom edges. */
function draw(ctx: Ctx, w: number, h: number): void {
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, '#f3effb');
  g.addColorStop(0.55, '#fbfbfd');
  g.addColorStop(1, '#e9f5f3');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const glow = ctx.createRadialGradient(w * 0.85, h * 0.1, 10, w * 0.85, h * 0.1, w * 0.5);
  glow.addColorStop(0, 'rgba(124,108,196,0.18)');
  glow.addColorStop(1, 'rgba(124,108,196,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, w, h);
  const glow2 = ctx.createRadialGradient(w * 0.1, h * 0.95, 10, w * 0.1, h * 0.95, w * 0.5);
  glow2.addColorStop(0, 'rgba(42,157,143,0.16)');
  glow2.addColorStop(1, 'rgba(42,157,143,0)');
  ctx.fillStyle = glow2;
  ctx.fillRect(0, 0, w, h);
  waveBundle(ctx, w, 34, 18, 40, 'rgba(92,76,170,0.45)', 26, 0.3);
  waveBundle(ctx, w, h - 34, 20, 44, 'rgba(32,128,118,0.42)', 26, 2.2);
  ctx.strokeStyle = 'rgba(60,52,110,0.25)';
  ctx.lineWidth = 0.6;
  ctx.strokeRect(18, 18, w - 36, h - 36);
}

export const softWaves = bothOrientations('soft-waves', 'Soft Waves', draw);

import { type Ctx, goldGradient, starPath } from '../art/kit.ts';
import { bothOrientations } from './types.ts';

const TEAL = '#0f5f66';
const TEAL_DARK = '#0a4146';

/** A banner ribbon with folded ends, for the title to sit on. */
function banner(ctx: Ctx, cx: number, cy: number, width: number, height: number): void {
  const tail = height * 1.1;
  const drop = height * 0.35;
  for (const side of [-1, 1]) {
    const x = cx + side * (width / 2 - tail * 0.1);
    ctx.fillStyle = TEAL_DARK;
    ctx.beginPath();
    ctx.moveTo(x, cy - height / 2 + drop);
    ctx.lineTo(x + side * tail, cy - height / 2 + drop);
    ctx.lineTo(x + side * tail * 0.7, cy + drop / 2);
    ctx.lineTo(x + side * tail, cy + height / 2 + drop);
    ctx.lineTo(x, cy + height / 2 + drop);
    ctx.closePath();
    ctx.fill();
    // The fold: a small dark triangle where the band turns behind.
    ctx.fillStyle = '#062c30';
    ctx.beginPath();
    ctx.moveTo(x, cy + height / 2);
    ctx.lineTo(x, cy + height / 2 + drop);
    ctx.lineTo(x - side * tail * 0.35, cy + height / 2);
    ctx.closePath();
    ctx.fill();
  }
  const g = ctx.createLinearGradient(0, cy - height / 2, 0, cy + height / 2);
  g.addColorStop(0, '#137580');
  g.addColorStop(1, TEAL);
  ctx.fillStyle = g;
  ctx.fillRect(cx - width / 2 + tail * 0.1 - 0.5, cy - height / 2, width - tail * 0.2 + 1, height);
  ctx.strokeStyle = goldGradient(ctx, cx - width / 2, 0, cx + width / 2, 0);
  ctx.lineWidth = 1;
  ctx.strokeRect(cx - width / 2 + tail * 0.1 + 4, cy - height / 2 + 3.5, width - tail * 0.2 - 8, height - 7);
}

/** Light page, slate frame, and a teal title ribbon with small stars: a course diploma. */
function draw(ctx: Ctx, w: number, h: number): void {
  ctx.fillStyle = '#fcfcfa';
  ctx.fillRect(0, 0, w, h);
  const wash = ctx.createLinearGradient(0, 0, 0, h);
  wash.addColorStop(0, 'rgba(15,95,102,0.06)');
  wash.addColorStop(0.4, 'rgba(15,95,102,0)');
  ctx.fillStyle = wash;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = TEAL;
  ctx.lineWidth = 5;
  ctx.strokeRect(16, 16, w - 32, h - 32);
  ctx.strokeStyle = goldGradient(ctx, 0, 0, w, h);
  ctx.lineWidth = 1;
  ctx.strokeRect(24, 24, w - 48, h - 48);
  const portrait = h > w;
  const bannerY = portrait ? 132 : 98;
  banner(ctx, w / 2, bannerY, portrait ? 400 : 440, 44);
  ctx.fillStyle = goldGradient(ctx, w / 2 - 40, 0, w / 2 + 40, 0);
  for (const dx of [-22, 0, 22]) {
    starPath(ctx, w / 2 + dx, bannerY - 40 - (dx === 0 ? 4 : 0), dx === 0 ? 8 : 5.5, dx === 0 ? 3.4 : 2.3, 5);
    ctx.fill();
  }
}

export const trainingRibbon = bothOrientations('training-ribbon', 'Training Ribbon', draw);

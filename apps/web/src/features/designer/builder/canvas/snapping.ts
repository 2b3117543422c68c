import type { Rect } from './element-box.ts';

/** How near, in screen pixels, an edge or centre must come to a guide before it snaps to it. */
export const SNAP_DISTANCE_PX = 5;

/** Positions a moving box may snap to, per axis: x for vertical lines, y for horizontal ones. */
export interface SnapTargets {
  x: number[];
  y: number[];
}

/** A guide line to draw while dragging: a vertical line at x, or a horizontal one at y. */
export interface SnapGuide {
  axis: 'x' | 'y';
  at: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The canvas centre lines and, for every other element, its two edges and its centre on each axis. */
export function snapTargets(canvas: { width: number; height: number }, others: Rect[]): SnapTargets {
  const x = new Set([canvas.width / 2]);
  const y = new Set([canvas.height / 2]);
  for (const r of others) {
    for (const v of [r.left, r.left + r.width / 2, r.left + r.width]) x.add(round(v));
    for (const v of [r.top, r.top + r.height / 2, r.top + r.height]) y.add(round(v));
  }
  return { x: [...x], y: [...y] };
}

/** The smallest correction that puts one of `points` on one of `targets`, if any lies within `distance`. */
function nearest(points: number[], targets: number[], distance: number): number | null {
  let best: number | null = null;
  for (const p of points) {
    for (const t of targets) {
      const d = t - p;
      if (Math.abs(d) <= distance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
  }
  return best;
}

const pointsX = (r: Rect, dx: number) => [r.left + dx, r.left + dx + r.width / 2, r.left + dx + r.width];
const pointsY = (r: Rect, dy: number) => [r.top + dy, r.top + dy + r.height / 2, r.top + dy + r.height];

/**
 * A drag of `box` by (dx, dy), pulled onto the nearest guide on each axis when an edge or the centre of
 * the box comes within `distance` of one. Returns the corrected distances and the guides the box now
 * sits on (several when, say, its centre meets the canvas centre and another element's centre at once).
 */
export function snapMove(
  box: Rect,
  dx: number,
  dy: number,
  targets: SnapTargets,
  distance: number,
): { dx: number; dy: number; guides: SnapGuide[] } {
  const sx = nearest(pointsX(box, dx), targets.x, distance);
  const sy = nearest(pointsY(box, dy), targets.y, distance);
  const ndx = sx === null ? dx : dx + sx;
  const ndy = sy === null ? dy : dy + sy;
  const on = (points: number[], t: number) => points.some((p) => Math.abs(p - t) < 0.01);
  const guides: SnapGuide[] = [
    ...(sx === null ? [] : targets.x.filter((t) => on(pointsX(box, ndx), t)).map((at) => ({ axis: 'x' as const, at }))),
    ...(sy === null ? [] : targets.y.filter((t) => on(pointsY(box, ndy), t)).map((at) => ({ axis: 'y' as const, at }))),
  ];
  return { dx: ndx, dy: ndy, guides };
}

/** The box around several rectangles: a multi-selection snaps as one. */
export function unionRect(rects: Rect[]): Rect | null {
  if (!rects.length) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.left + r.width));
  const bottom = Math.max(...rects.map((r) => r.top + r.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Geometry of the laurel wreath, computed once: two branches curve up from the bottom and open at
 * the top; along each, pairs of pointed leaves grow towards the branch tip, one angled outwards,
 * a smaller one inwards, the way a laurel crown is drawn.
 */
export interface Leaf {
  x: number;
  y: number;
  /** Direction the leaf points, in degrees (SVG: 0° = right, 90° = down). */
  rotate: number;
  scale: number;
}

/** A pointed leaf 6 units long with its base at the origin, pointing along +x. */
export const LEAF_PATH = 'M0 0C1.7-1.5 4.3-1.6 6 0C4.3 1.6 1.7 1.5 0 0Z';

const CENTER = { x: 16, y: 16.4 };
const RADIUS = 9.2;
const PAIRS = 4;
/** Each branch runs from just left of the bottom (100°) up to the upper left (222°). */
const START = 100;
const END = 222;
const SPLAY = 38;

function polar(angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: CENTER.x + RADIUS * Math.cos(rad), y: CENTER.y + RADIUS * Math.sin(rad) };
}

function branch(): Leaf[] {
  const leaves: Leaf[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const angle = START + ((END - START) * i) / PAIRS;
    const { x, y } = polar(angle);
    // Moving along the branch towards its tip is the arc's tangent, angle + 90°.
    const along = angle + 90;
    leaves.push({ x, y, rotate: along - SPLAY, scale: 0.92 });
    leaves.push({ x, y, rotate: along + SPLAY * 0.9, scale: 0.7 });
  }
  const tip = polar(END);
  leaves.push({ x: tip.x, y: tip.y, rotate: END + 90 - 8, scale: 0.9 });
  return leaves;
}

const LEFT = branch();

export const WREATH_LEAVES: readonly Leaf[] = [
  ...LEFT,
  ...LEFT.map((leaf) => ({ ...leaf, x: 2 * CENTER.x - leaf.x, rotate: 180 - leaf.rotate })),
];

/** The two stems as SVG arc paths under the leaves. */
export const WREATH_STEMS: readonly string[] = (() => {
  const a = polar(START - 6);
  const b = polar(END);
  const mirror = (p: { x: number; y: number }) => ({ x: 2 * CENTER.x - p.x, y: p.y });
  const arc = (from: { x: number; y: number }, to: { x: number; y: number }, sweep: 0 | 1) =>
    `M${from.x.toFixed(2)} ${from.y.toFixed(2)}A${RADIUS} ${RADIUS} 0 0 ${sweep} ${to.x.toFixed(2)} ${to.y.toFixed(2)}`;
  return [arc(a, b, 1), arc(mirror(a), mirror(b), 0)];
})();

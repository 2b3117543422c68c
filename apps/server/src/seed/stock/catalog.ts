import { EMBLEMS } from './emblems.ts';
import { GEOMETRIC } from './geometric.ts';
import { GRADIENTS } from './gradients.ts';
import { MARBLES } from './marbles.ts';
import { MOTIFS } from './motifs.ts';
import { PAPERS } from './papers.ts';
import { PATTERNS } from './patterns.ts';
import { SOFT_LIGHT } from './soft-light.ts';
import type { StockArt } from './types.ts';

/** The bundled stock library: textures for backgrounds and motifs for image elements. */
export const STOCK_ART: readonly StockArt[] = [
  ...PAPERS,
  ...MARBLES,
  ...GRADIENTS,
  ...SOFT_LIGHT,
  ...GEOMETRIC,
  ...PATTERNS,
  ...MOTIFS,
  ...EMBLEMS,
];

export { renderStockArt, thumbnail } from './render.ts';
export type { StockArt } from './types.ts';

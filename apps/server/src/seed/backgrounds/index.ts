import { academicParchment } from './academic-parchment.ts';
import { artDecoGold } from './art-deco-gold.ts';
import { classicGuilloche } from './classic-guilloche.ts';
import { corporateNavy } from './corporate-navy.ts';
import { heritageDoubleRule } from './heritage-double-rule.ts';
import { laurelAward } from './laurel-award.ts';
import { minimalElegance } from './minimal-elegance.ts';
import { modernGeometric } from './modern-geometric.ts';
import { softWaves } from './soft-waves.ts';
import { trainingRibbon } from './training-ribbon.ts';
import type { BackgroundArt } from './types.ts';

/** Every background Laurel ships, in the order the background library lists them. */
export const BACKGROUNDS: readonly BackgroundArt[] = [
  ...classicGuilloche,
  ...heritageDoubleRule,
  ...academicParchment,
  ...laurelAward,
  ...artDecoGold,
  ...corporateNavy,
  ...trainingRibbon,
  ...modernGeometric,
  ...softWaves,
  ...minimalElegance,
];

export type { BackgroundArt, Orientation } from './types.ts';

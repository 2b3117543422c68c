/** The drawing vocabulary shared by backgrounds and stock art. */
export type { Ctx } from './context.ts';
export { goldGradient } from './gold.ts';
export { guillocheBand, rosette } from './guilloche.ts';
export { laurelWreath } from './laurel.ts';
export { cornerScroll, fourCorners, ruleWithDiamond } from './ornaments.ts';
export { paperMottle, vignette } from './paper.ts';
export { seededRandom } from './random.ts';
export { foilSeal, ribbonTails, starPath } from './seal.ts';

export { ensurePrintBackgrounds } from './background-files.ts';
export { BACKGROUNDS } from './backgrounds/index.ts';
export { type SeedReport, seedGlobalContent } from './seed-global-content.ts';
export { TEMPLATES } from './templates/index.ts';

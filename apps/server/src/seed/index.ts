export { seedGlobalContent, type SeedReport } from './seed-global-content.ts';
export { BACKGROUNDS } from './backgrounds/index.ts';
export { TEMPLATES } from './templates/index.ts';

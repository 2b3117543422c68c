export { seedGlobalContent, SEEDED_BACKGROUNDS_KEY, SEEDED_TEMPLATES_KEY, type SeedReport } from './seed-global-content.ts';
export { backgroundKey, backgroundPath } from './background-files.ts';
export { BACKGROUNDS } from './backgrounds/index.ts';
export { TEMPLATES, type TemplateKind, type TemplateSeed } from './templates/index.ts';

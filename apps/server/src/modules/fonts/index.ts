export { ownFontsIn } from './service.ts';

/** The layout engine: runs in Node and in the browser (no Node-only imports below this folder). */
export type * from './types.ts';
export type { FontProvider, LoadedFace } from './fonts.ts';
export { layoutSide, type LayoutOptions } from './layout.ts';
export { formatExpirationDate, recipientField, type Recipient } from './recipient.ts';
export { textWidth, verticalMetrics } from './measure.ts';

/** The layout engine: runs in Node and in the browser (no Node-only imports below this folder). */

export type { FontProvider, LoadedFace } from './fonts.ts';
export { designImageSources, type LayoutOptions, layoutSide } from './layout.ts';
export { textWidth, verticalMetrics } from './measure.ts';
export { formatExpirationDate, type Recipient, recipientField } from './recipient.ts';
export type * from './types.ts';

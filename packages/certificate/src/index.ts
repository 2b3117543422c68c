/**
 * The certificate design model, font registry, layout engine and HTML display. Everything here runs in
 * the browser as well as in Node; renderers that need Node are in "@laurel/certificate/node".
 */

export { CERTIFICATE_FONTS, FALLBACK_FONTS } from './fonts/catalog.ts';
export type { CatalogEntry } from './fonts/catalog-entry.ts';
export { createFontProvider, facesToLoad } from './fonts/memory-fonts.ts';
export * from './fonts/registry.ts';
export * from './layout/index.ts';
export * from './model/index.ts';
export { fontFaceCss, type HtmlRenderOptions, renderHtml, textRunStyle } from './render/html/render-html.ts';

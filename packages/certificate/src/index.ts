/**
 * The certificate design model, font registry, layout engine and HTML display. Everything here runs in
 * the browser as well as in Node; renderers that need Node are in "@laurel/certificate/node".
 */
export * from './model/index.ts';
export * from './fonts/registry.ts';
export type { CatalogEntry } from './fonts/catalog-entry.ts';
export { CERTIFICATE_FONTS, FALLBACK_FONTS } from './fonts/catalog.ts';
export * from './layout/index.ts';
export { fontFaceCss, renderHtml, textRunStyle, type HtmlRenderOptions } from './render/html/render-html.ts';
export { createFontProvider, facesToLoad } from './fonts/memory-fonts.ts';

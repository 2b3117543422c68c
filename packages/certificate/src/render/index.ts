/** Node-only renderers: PDF (pdfkit), PNG (@napi-rs/canvas), HTML (the builder's display), worker pool. */
export { createPdfRenderer, renderPdf, type PdfRenderer, type PdfRenderOptions, type RenderOptions } from './pdf/render-pdf.ts';
export { createPngRenderer, renderPng, type PngRenderer, type PngRenderOptions } from './png/render-png.ts';
export { renderHtml, type HtmlRenderOptions } from './html/render-html.ts';
export { fileImageLoader, type ImageLoader } from './image-source.ts';
export { RenderPool, type RenderPoolOptions } from './pool.ts';

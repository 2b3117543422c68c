/** Node-only renderers: PDF (pdfkit), PNG (@napi-rs/canvas), HTML (the builder's display), worker pool. */

export { type HtmlRenderOptions, renderHtml } from './html/render-html.ts';
export { fileImageLoader, type ImageLoader } from './image-source.ts';
export { createPdfRenderer, type PdfRenderer, type PdfRenderOptions, type RenderOptions, renderPdf } from './pdf/render-pdf.ts';
export { createPngRenderer, type PngRenderer, type PngRenderOptions, renderPng } from './png/render-png.ts';
export { RenderPool, type RenderPoolOptions } from './pool.ts';

/** Node-only renderers: PDF (our own writer, fonts by fontkit), PNG (@napi-rs/canvas), HTML (the builder's display), worker pool. */

export { type HtmlRenderOptions, renderHtml } from './html/render-html.ts';
export {
  checkImage,
  guardImages,
  IMAGE_MESSAGES,
  MAX_DESIGN_DECODED_BYTES,
  MAX_IMAGE_DECODED_BYTES,
  MAX_IMAGE_SIDE,
} from './image-guard.ts';
export { type ImageFormat, type ImageHeader, imageFormat, readImageHeader } from './image-header.ts';
export { fileImageLoader, type ImageLoader } from './image-source.ts';
export type { PdfAttachment } from './pdf/attachments.ts';
export {
  createPdfRenderer,
  type PdfDocumentOptions,
  type PdfRenderer,
  type PdfRenderOptions,
  type RenderOptions,
  renderPdf,
} from './pdf/render-pdf.ts';
export {
  createPngRenderer,
  JPEG_QUALITY,
  type PngRenderer,
  type PngRenderOptions,
  type RasterFormat,
  type RasterOptions,
  renderPng,
} from './png/render-png.ts';
export {
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_TIME_LIMIT_MS,
  type PoolDesignOptions,
  type PooledDesign,
  RenderPool,
  type RenderPoolOptions,
} from './pool.ts';
export { releaseFileMemory } from './release-file-memory.ts';
export { isRenderError, RenderError, type RenderErrorCode } from './render-error.ts';

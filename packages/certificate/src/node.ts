/**
 * Node-only part of the package: font files from disk, PDF and PNG renderers, the worker pool, and the
 * Open Badges credential inside PNG and PDF files (Node buffers and zlib).
 */
export {
  type CustomFontFile,
  customFontProvider,
  faceFilePath,
  fontFilePath,
  loadFace,
  nodeFontProvider,
  registerCustomFont,
} from './fonts/node-fonts.ts';
export * from './open-badges/index.ts';
export * from './render/index.ts';

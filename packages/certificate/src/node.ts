/** Node-only part of the package: font files from disk, PDF and PNG renderers, the worker pool. */
export {
  type CustomFontFile,
  customFontProvider,
  faceFilePath,
  fontFilePath,
  loadFace,
  nodeFontProvider,
  registerCustomFont,
} from './fonts/node-fonts.ts';
export * from './render/index.ts';

import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { IMAGE_MESSAGES } from '../image-guard.ts';
import { RenderError } from '../render-error.ts';

/** An image ready to be written as a PDF image XObject (and its soft mask) without further work. */
export interface PdfImage {
  width: number;
  height: number;
  /** DCTDecode keeps JPEG bytes as they are; FlateDecode holds deflated RGB. */
  filter: 'DCTDecode' | 'FlateDecode';
  colorSpace: 'DeviceRGB' | 'DeviceGray' | 'DeviceCMYK';
  data: Uint8Array;
  /** Deflated 8-bit alpha, for PNGs that are not fully opaque. */
  alpha?: Uint8Array;
}

function jpegInfo(bytes: Uint8Array): { width: number; height: number; components: number } {
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('Invalid JPEG');
    const marker = bytes[i + 1]!;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    // Start-of-frame markers (baseline, progressive, ...), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        height: (bytes[i + 5]! << 8) | bytes[i + 6]!,
        width: (bytes[i + 7]! << 8) | bytes[i + 8]!,
        components: bytes[i + 9]!,
      };
    }
    i += 2 + length;
  }
  throw new Error('JPEG without a frame header');
}

function preparePng(bytes: Uint8Array): PdfImage {
  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(bytes));
  } catch {
    throw new RenderError('image_unreadable', IMAGE_MESSAGES.unreadable);
  }
  const pixels = png.width * png.height;
  const rgb = Buffer.alloc(pixels * 3);
  const alpha = Buffer.alloc(pixels);
  let opaque = true;
  for (let p = 0; p < pixels; p++) {
    rgb[p * 3] = png.data[p * 4]!;
    rgb[p * 3 + 1] = png.data[p * 4 + 1]!;
    rgb[p * 3 + 2] = png.data[p * 4 + 2]!;
    alpha[p] = png.data[p * 4 + 3]!;
    if (alpha[p] !== 255) opaque = false;
  }
  return {
    width: png.width,
    height: png.height,
    filter: 'FlateDecode',
    colorSpace: 'DeviceRGB',
    data: deflateSync(rgb),
    ...(opaque ? {} : { alpha: deflateSync(alpha) }),
  };
}

/** Decodes and compresses an image once; the result is embedded as is in every document using it. */
export function preparePdfImage(bytes: Uint8Array): PdfImage {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const info = jpegInfo(bytes);
    const colorSpace = info.components === 1 ? 'DeviceGray' : info.components === 4 ? 'DeviceCMYK' : 'DeviceRGB';
    return { width: info.width, height: info.height, filter: 'DCTDecode', colorSpace, data: bytes };
  }
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return preparePng(bytes);
  throw new RenderError('image_unreadable', 'An image in this design cannot be placed in a PDF: only PNG and JPEG images can.');
}

/**
 * Image format and dimensions read from the first bytes of a file, without decoding any pixels: the
 * check that has to come before a decoder allocates width × height × 4 bytes.
 */

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
// >>> 0 keeps the top bit from turning the value negative.
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format from the file's first bytes; a name or a declared MIME type is not trusted. */
export function imageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** PNG: the IHDR chunk must come first, right after the signature. */
function pngSize(bytes: Uint8Array) {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/**
 * JPEG: walks the marker segments to the first start-of-frame (baseline, progressive, lossless,
 * arithmetic: C0–CF except DHT C4, JPG C8 and DAC CC), which holds the frame's size.
 */
function jpegSize(bytes: Uint8Array) {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    // Fill bytes before a marker, and markers that carry no length (RSTn, TEM).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = u16be(bytes, i + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.length) return null;
      return { width: u16be(bytes, i + 7), height: u16be(bytes, i + 5) };
    }
    // Start of scan or end of image before any frame header: there is no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + length;
  }
  return null;
}

/** GIF: the logical screen every frame is drawn into. */
function gifSize(bytes: Uint8Array) {
  if (bytes.length < 10) return null;
  return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

/** WebP: the first chunk is VP8X (extended: the canvas), VP8L (lossless) or VP8 (lossy). */
function webpSize(bytes: Uint8Array) {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8X') return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = u32le(bytes, 21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height (the top two bits are a scale hint).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  }
  return null;
}

/** Format and size from the header; null for bytes that are not one of the formats, or whose header is cut short. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = imageFormat(bytes);
  if (!format) return null;
  const size =
    format === 'png' ? pngSize(bytes) : format === 'jpeg' ? jpegSize(bytes) : format === 'gif' ? gifSize(bytes) : webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { format, ...size };
}

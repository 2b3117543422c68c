import { createCanvas, loadImage } from '@napi-rs/canvas';
import { badRequest } from '../../http/errors.ts';

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export const IMAGE_TYPE_MESSAGE = 'The file must be a PNG, JPEG, GIF or WebP image.';
/** Larger images are refused before decoding: a small file can unpack to gigabytes of pixels. */
const MAX_SIDE = 8000;

/** The image type from the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** Width and height read from the header, without decoding the pixels. */
export function headerSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  try {
    if (type === 'png') return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    if (type === 'gif') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    if (type === 'webp') {
      const chunk = bytes.subarray(12, 16).toString('latin1');
      if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
      if (chunk === 'VP8L') {
        const bits = bytes.readUInt32LE(21);
        return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
      }
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    }
    // JPEG: walk the segments to the first start-of-frame marker.
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  } catch {
    return null;
  }
  return null;
}

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an uploaded image: what is stored holds pixels only, never metadata or a
 * second file hidden behind valid image headers. Photos stay JPEG; everything else becomes PNG so
 * transparency survives.
 */
export async function reencodeImage(bytes: Buffer): Promise<CleanImage> {
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(IMAGE_TYPE_MESSAGE, { error_type: 'invalid_file' });
  const size = headerSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw badRequest('The image could not be read.', { error_type: 'invalid_file' });
  if (size.width > MAX_SIDE || size.height > MAX_SIDE)
    throw badRequest(`The image may be at most ${MAX_SIDE} pixels on each side.`, { error_type: 'invalid_file' });
  const image = await loadImage(bytes).catch(() => {
    throw badRequest('The image could not be read.', { error_type: 'invalid_file' });
  });
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  if (type === 'jpeg') {
    return { bytes: await canvas.encode('jpeg', 90), mime: 'image/jpeg', extension: 'jpg', width: image.width, height: image.height };
  }
  return { bytes: await canvas.encode('png'), mime: 'image/png', extension: 'png', width: image.width, height: image.height };
}

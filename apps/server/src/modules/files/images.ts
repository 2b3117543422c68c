import { type ImageFormat, imageFormat, MAX_IMAGE_SIDE, readImageHeader } from '@laurel/certificate/node';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { badRequest } from '../../http/errors.ts';

export type ImageType = ImageFormat;

export const IMAGE_TYPE_MESSAGE = 'The file must be a PNG, JPEG, GIF or WebP image.';

/** The image type from the file's first bytes; the name and the declared type are not trusted. */
export const sniffImageType = (bytes: Buffer): ImageType | null => imageFormat(bytes);

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
  // Larger images are refused before decoding, with the limit every render applies too: a small file
  // can unpack to gigabytes of pixels.
  const size = readImageHeader(bytes);
  if (!size) throw badRequest('The image could not be read.', { error_type: 'invalid_file' });
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    throw badRequest(`The image is too large (${size.width}×${size.height} pixels; at most ${MAX_IMAGE_SIDE} pixels a side).`, {
      error_type: 'invalid_file',
    });
  }
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

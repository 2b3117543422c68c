import { type ImageHeader, readImageHeader } from './image-header.ts';
import type { ImageLoader } from './image-source.ts';
import { RenderError } from './render-error.ts';

/**
 * The largest image side, in pixels, an upload may have and a render will decode. A few kilobytes of
 * PNG can declare 30000×30000 pixels, which decode to 3.6 GB: the size is read from the header first.
 */
export const MAX_IMAGE_SIDE = 8000;

/**
 * The most memory one image may decode to (width × height × 4 bytes): 256 MiB, just above the 244 MiB
 * of an image at the side limit in both directions.
 */
export const MAX_IMAGE_DECODED_BYTES = 256 * 1024 * 1024;

/** The most memory all the images of one design may decode to together: two images at the side limit. */
export const MAX_DESIGN_DECODED_BYTES = 2 * MAX_IMAGE_DECODED_BYTES;

const BYTES_PER_PIXEL = 4;
const mib = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

export const IMAGE_MESSAGES = {
  unreadable: 'An image in this design could not be read: it is not a PNG, JPEG, GIF or WebP image.',
  tooLarge: (h: ImageHeader) =>
    `An image in this design is too large to render (${h.width}×${h.height} pixels; at most ${MAX_IMAGE_SIDE} pixels a side).`,
  tooMuchMemory: (h: ImageHeader) =>
    `An image in this design is too large to render (${h.width}×${h.height} pixels would take ${mib(decodedBytes(h))} MB; at most ${mib(MAX_IMAGE_DECODED_BYTES)} MB).`,
  tooMuchTogether: (total: number) =>
    `The images in this design are too large to render together (${mib(total)} MB of pixels; at most ${mib(MAX_DESIGN_DECODED_BYTES)} MB).`,
} as const;

export const decodedBytes = (header: Pick<ImageHeader, 'width' | 'height'>) => header.width * header.height * BYTES_PER_PIXEL;

/** The image's header if the renderer may decode it; a RenderError saying why not otherwise. */
export function checkImage(bytes: Uint8Array): ImageHeader {
  const header = readImageHeader(bytes);
  if (!header) throw new RenderError('image_unreadable', IMAGE_MESSAGES.unreadable);
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE)
    throw new RenderError('image_too_large', IMAGE_MESSAGES.tooLarge(header));
  if (decodedBytes(header) > MAX_IMAGE_DECODED_BYTES) throw new RenderError('image_too_large', IMAGE_MESSAGES.tooMuchMemory(header));
  return header;
}

/**
 * Wraps a loader so that every image it returns has been checked before anything decodes it, and the
 * images of one renderer together stay within MAX_DESIGN_DECODED_BYTES. Both renderers wrap whatever
 * loader they are given, so the check holds for every source: data: URLs, stored files, anything else.
 */
export function guardImages(loader: ImageLoader): ImageLoader {
  const counted = new Map<string, number>();
  return (src) => {
    const bytes = loader(src);
    if (!bytes) return undefined;
    const header = checkImage(bytes);
    counted.set(src, decodedBytes(header));
    const total = [...counted.values()].reduce((a, b) => a + b, 0);
    if (total > MAX_DESIGN_DECODED_BYTES) throw new RenderError('image_too_large', IMAGE_MESSAGES.tooMuchTogether(total));
    return bytes;
  };
}

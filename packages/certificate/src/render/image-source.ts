import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** Turns an element's image source into bytes; undefined when it cannot be found (the image is skipped). */
export type ImageLoader = (src: string) => Uint8Array | undefined;

/**
 * Default loader: data: URLs, and paths under `root` (uploads and the background library are stored as
 * files; the stored imagepath is relative to the files root, with or without a leading slash).
 */
export function fileImageLoader(root?: string): ImageLoader {
  return (src) => {
    const data = /^data:[^;,]+;base64,(.*)$/s.exec(src);
    if (data) return Buffer.from(data[1]!, 'base64');
    if (/^[a-z]+:\/\//i.test(src)) return undefined;
    const path = root ? join(root, src.replace(/^\/+/, '')) : isAbsolute(src) ? src : undefined;
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
}

import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Share of pixels that differ at pixelmatch's default threshold, anti-aliased pixels ignored (its
 * default). Writes the diff image when asked, to look at a failure.
 */
export function differingShare(a: Buffer, b: Buffer, diffPath?: string): number {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  if (pa.width !== pb.width || pa.height !== pb.height) {
    throw new Error(`size differs: ${pa.width}x${pa.height} vs ${pb.width}x${pb.height}`);
  }
  const diff = new PNG({ width: pa.width, height: pa.height });
  const count = pixelmatch(pa.data, pb.data, diff.data, pa.width, pa.height);
  if (diffPath) writeFileSync(diffPath, PNG.sync.write(diff));
  return count / (pa.width * pa.height);
}

/** Any image the canvas decodes (a JPEG), as PNG bytes for the comparisons above. */
export async function asPng(image: Buffer): Promise<Buffer> {
  const decoded = await loadImage(image);
  const canvas = createCanvas(decoded.width, decoded.height);
  canvas.getContext('2d').drawImage(decoded, 0, 0);
  return canvas.encode('png');
}

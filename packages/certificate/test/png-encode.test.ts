import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../src/render/png/png-encode.ts';

/** Opaque pixels where neighbouring rows differ by every amount, so each byte's subtraction wraps somewhere. */
function pixels(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < rgba.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    rgba[i] = i % 4 === 3 ? 255 : (state >> 16) & 255;
  }
  return rgba;
}

describe('encodePng', () => {
  it.each([
    [1, 1],
    [7, 5],
    [640, 3],
  ])('gives back exactly the RGB it was given (%i x %i)', (width, height) => {
    const rgba = pixels(width, height, width * 31 + height);
    const decoded = PNG.sync.read(encodePng(rgba, width, height));
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(Buffer.from(decoded.data).equals(Buffer.from(rgba))).toBe(true);
  });

  it('reads pixels that do not start on a 4-byte boundary', () => {
    const rgba = pixels(9, 4, 3);
    const shifted = new Uint8Array(rgba.length + 1).subarray(1);
    shifted.set(rgba);
    expect(Buffer.from(PNG.sync.read(encodePng(shifted, 9, 4)).data).equals(Buffer.from(rgba))).toBe(true);
  });

  it('writes an RGB image, no alpha channel', () => {
    const png = encodePng(pixels(4, 4, 1), 4, 4);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png[25]).toBe(2);
  });
});

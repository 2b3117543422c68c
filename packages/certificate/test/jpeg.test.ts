import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Recipient } from '../src/index.ts';
import { renderPng } from '../src/node.ts';
import { asPng, differingShare } from './helpers/compare.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';

/**
 * The JPEG against the lossless PNG of the same render. Past this share of visibly differing pixels, ringing
 * shows around small print: quality 85 already reaches 0.06% at 640 px, the quality used 0.04%.
 */
const MAX_DIFFERING = 0.0005;

/** A JPEG's size, from its first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
  let at = 2;
  while (at + 9 <= bytes.length) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no start-of-frame marker');
}

const recipients: [string, Recipient][] = [
  ['accented Latin', sampleRecipient],
  ['Arabic', { ...sampleRecipient, firstName: 'محمد', lastName: 'عبد الله' }],
  ['Chinese', { ...sampleRecipient, firstName: '李', lastName: '小龙' }],
];

describe('JPEG output', () => {
  it('is a JPEG at the width asked, the height following the page, lighter than the PNG', async () => {
    const design = sampleDesign();
    const jpeg = await renderPng(design, sampleRecipient, { format: 'jpeg' });
    expect(jpegSize(jpeg)).toEqual({ width: 640, height: 494 });
    const wide = await renderPng(design, sampleRecipient, { width: 1072, format: 'jpeg' });
    expect(jpegSize(wide)).toEqual({ width: 1072, height: 827 });
    const png = await renderPng(design, sampleRecipient, { width: 1072 });
    // A smooth gradient is the PNG's best case; textured and photographic backgrounds save far more.
    expect(wide.length).toBeLessThan(png.length / 1.5);
    const portrait = await renderPng(sampleDesign('A4', true), sampleRecipient, { width: 600, format: 'jpeg' });
    expect(jpegSize(portrait)).toEqual({ width: 600, height: 848 });
  });

  describe.each([640, 1072])('at %i px matches the PNG but for a few pixels', (width) => {
    it.each(recipients)('%s', async (_label, recipient) => {
      const design = sampleDesign();
      const png = await renderPng(design, recipient, { width });
      const jpeg = await renderPng(design, recipient, { width, format: 'jpeg' });
      expect(differingShare(await asPng(jpeg), png)).toBeLessThanOrEqual(MAX_DIFFERING);
    });
  });

  it('draws the side asked for', async () => {
    const design = sampleDesign();
    design.use_two_side = true;
    design.back_side_elements = design.elements.filter((element) => element.type !== 'qrcode');
    const front = await renderPng(design, sampleRecipient, { format: 'jpeg' });
    expect(differingShare(await asPng(front), await renderPng(design, sampleRecipient))).toBeLessThanOrEqual(MAX_DIFFERING);
    const png = await renderPng(design, sampleRecipient, { side: 'back' });
    const jpeg = await renderPng(design, sampleRecipient, { side: 'back', format: 'jpeg' });
    expect(differingShare(await asPng(jpeg), png)).toBeLessThanOrEqual(MAX_DIFFERING);
    // The back has no QR code: compared with the front, the two differ by more than compression.
    expect(differingShare(await asPng(jpeg), await asPng(front))).toBeGreaterThan(0.001);
  });

  it('keeps the QR code scannable at the email’s width', async () => {
    const image = PNG.sync.read(await asPng(await renderPng(sampleDesign(), sampleRecipient, { width: 1072, format: 'jpeg' })));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(sampleRecipient.verificationUrl);
  });
});

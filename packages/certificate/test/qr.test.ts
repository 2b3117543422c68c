import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderPdf, renderPng } from '../src/node.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';
import { rasterisePdf, writeTemp } from './helpers/tools.ts';

function decode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('QR code', () => {
  it('scans from the PNG as the recipient verification URL', async () => {
    expect(decode(await renderPng(sampleDesign(), sampleRecipient, { width: 1280 }))).toBe(sampleRecipient.verificationUrl);
  });

  it('scans from the rasterised PDF (vector modules)', async () => {
    const path = writeTemp('qr.pdf', renderPdf(sampleDesign(), sampleRecipient));
    expect(decode(await rasterisePdf(path, 792, 1280, 988))).toBe(sampleRecipient.verificationUrl);
  });
});

import { crc32, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { newElement } from '../src/index.ts';
import {
  checkImage,
  createPdfRenderer,
  createPngRenderer,
  guardImages,
  IMAGE_MESSAGES,
  MAX_IMAGE_SIDE,
  RenderError,
  readImageHeader,
} from '../src/node.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';

/** A PNG that declares `width`×`height` and carries a few bytes of data: it need not decode. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 8 + data.length);
    return frame;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const gif = (width: number, height: number) => {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
};

/** RIFF/WEBP container around a first chunk of the given type. */
const webp = (chunk: string, body: number[]) => {
  const bytes = Buffer.alloc(40);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(32, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(chunk, 12, 'latin1');
  bytes.set(body, 20);
  return bytes;
};

const canvasImage = (format: 'jpeg' | 'webp', width: number, height: number) => {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillRect(0, 0, width / 2, height / 2);
  return format === 'jpeg' ? canvas.encodeSync('jpeg', 80) : canvas.encodeSync('webp', 80);
};

describe('image header', () => {
  it('reads PNG, JPEG, GIF and WebP sizes without decoding', () => {
    expect(readImageHeader(PNG.sync.write(new PNG({ width: 37, height: 23 })))).toEqual({ format: 'png', width: 37, height: 23 });
    expect(readImageHeader(pngDeclaring(30_000, 30_000))).toEqual({ format: 'png', width: 30_000, height: 30_000 });
    expect(readImageHeader(canvasImage('jpeg', 41, 19))).toEqual({ format: 'jpeg', width: 41, height: 19 });
    expect(readImageHeader(gif(640, 480))).toEqual({ format: 'gif', width: 640, height: 480 });
    expect(readImageHeader(canvasImage('webp', 45, 17))).toEqual({ format: 'webp', width: 45, height: 17 });
  });

  it('reads the WebP extended and lossless headers', () => {
    // VP8X: flags and reserved bytes, then the canvas size minus one, 24 bits each.
    const extended = webp('VP8X', [0, 0, 0, 0, 0x2f, 0x75, 0x00, 0x1f, 0x4e, 0x00]);
    expect(readImageHeader(extended)).toEqual({ format: 'webp', width: 30_000, height: 20_000 });
    // VP8L: signature 0x2f, then 14 bits each of width and height minus one.
    const bits = (16383 - 1) | ((9 - 1) << 14);
    const lossless = webp('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]);
    expect(readImageHeader(lossless)).toEqual({ format: 'webp', width: 16_383, height: 9 });
  });

  it('walks JPEG segments, fill bytes and progressive frames', () => {
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00, // SOI, APP0 of two bytes
      0xff,
      0xff,
      0xc2,
      0x00,
      0x0b,
      0x08,
      0x75,
      0x30,
      0x4e,
      0x20,
      0x01,
      0x01,
      0x11,
      0x00, // fill byte, SOF2 20000×30000
    ]);
    expect(readImageHeader(jpeg)).toEqual({ format: 'jpeg', width: 20_000, height: 30_000 });
  });

  it('identifies nothing else, and no header cut short', () => {
    expect(readImageHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
    expect(readImageHeader(pngDeclaring(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(readImageHeader(gif(0, 10))).toBeNull();
  });
});

describe('image check', () => {
  it('lets images up to the side limit through and refuses larger or unknown ones with the reason', () => {
    expect(checkImage(pngDeclaring(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))).toMatchObject({ width: 8000, height: 8000 });
    const refusal = (bytes: Uint8Array) => {
      try {
        checkImage(bytes);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refusal(pngDeclaring(30_000, 30_000))).toEqual(
      new RenderError(
        'image_too_large',
        'An image in this design is too large to render (30000×30000 pixels; at most 8000 pixels a side).',
      ),
    );
    expect(refusal(pngDeclaring(8001, 10))).toMatchObject({ code: 'image_too_large' });
    expect(refusal(Buffer.from('GIF87'))).toMatchObject({ code: 'image_unreadable', message: IMAGE_MESSAGES.unreadable });
  });

  it('limits the images of one design together', () => {
    const images: Record<string, Uint8Array> = { a: pngDeclaring(8000, 8000), b: pngDeclaring(8000, 8000), c: pngDeclaring(8000, 8000) };
    const load = guardImages((src) => images[src]);
    expect(load('a')).toBe(images.a);
    expect(load('b')).toBe(images.b);
    expect(load('missing')).toBeUndefined();
    expect(() => load('c')).toThrow('The images in this design are too large to render together (733 MB of pixels; at most 512 MB).');
  });

  it('is applied by both renderers, whatever loader they are given, before decoding', async () => {
    const design = sampleDesign();
    const logo = newElement('image', design.format, { content: 'logo' });
    design.elements.push(logo);
    const loadImage = (src: string) => (src === 'logo' ? pngDeclaring(30_000, 30_000) : undefined);
    expect(() => createPdfRenderer(design, { loadImage }).render(sampleRecipient)).toThrow(
      'An image in this design is too large to render (30000×30000 pixels; at most 8000 pixels a side).',
    );
    await expect(createPngRenderer(design, { loadImage }).render(sampleRecipient)).rejects.toMatchObject({ code: 'image_too_large' });
    // The default loader reads data: URLs; the same check applies.
    logo.content = `data:image/png;base64,${pngDeclaring(30_000, 30_000).toString('base64')}`;
    await expect(createPngRenderer(design).render(sampleRecipient)).rejects.toThrow(RenderError);
  });
});

import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes opaque RGBA pixels (every certificate is drawn on white) as an RGB PNG with no row filter and the
 * fastest deflate level. Compressing the background is most of a certificate's PNG time: dropping the alpha
 * channel gives deflate a quarter less to read, and the largest memory level finds matches sooner, for a smaller
 * file. Filtering rows in JavaScript was measured to cost more than it saved.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    raw[o++] = 0;
    for (let x = 0; x < width; x++, i += 4) {
      raw[o++] = rgba[i]!;
      raw[o++] = rgba[i + 1]!;
      raw[o++] = rgba[i + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour, no alpha
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1, memLevel: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

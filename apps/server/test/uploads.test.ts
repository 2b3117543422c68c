import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/modules/files/images.ts';
import { type ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let admin: ApiClient;
beforeAll(async () => {
  laurel = await startTestLaurel();
  admin = (await registerConfirmedAdmin(laurel)).client;
});
afterAll(async () => {
  await laurel?.close();
});

function multipart(filename: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----laurel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(client: ApiClient | null, url: string, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipart(filename, bytes);
  return laurel.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host: 'laurel.test', 'content-type': contentType, ...(client?.token ? { authentication: client.token } : {}) },
  });
}

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3d6b35';
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

describe('image uploads', () => {
  it('stores a re-encoded image and serves it by an unguessable key with safe headers', async () => {
    const response = await upload(admin, '/api/certificates/upload?background=1', 'bg.png', await png(320, 200));
    expect(response.statusCode).toBe(200);
    const { imagepath, width, height } = response.json();
    expect(imagepath).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}\.png$/);
    expect([width, height]).toEqual([320, 200]);
    const file = await laurel.app.inject({ method: 'GET', url: imagepath, headers: { host: 'laurel.test' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(sniffImageType(file.rawPayload)).toBe('png');
  });

  it('keeps JPEG photos as JPEG', async () => {
    const canvas = createCanvas(64, 48);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    const response = await upload(admin, '/api/upload', 'photo.jpg', await canvas.encode('jpeg', 80));
    expect(response.json().imagepath).toMatch(/\.jpg$/);
  });

  it('drops whatever hides behind the image data', async () => {
    const polyglot = Buffer.concat([await png(20, 20), Buffer.from('<script>alert(document.domain)</script>')]);
    const { imagepath } = (await upload(admin, '/api/certificates/upload?noPdf=1', 'x.png', polyglot)).json();
    const stored = await laurel.app.inject({ method: 'GET', url: imagepath, headers: { host: 'laurel.test' } });
    expect(stored.rawPayload.toString('latin1')).not.toContain('<script>');
  });

  it('refuses what is not an image, whatever its name', async () => {
    const response = await upload(admin, '/api/certificates/upload', 'evil.png', Buffer.from('<svg onload=alert(1)>'));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors[0]).toBe('The file must be a PNG, JPEG, GIF or WebP image.');
  });

  it('refuses images whose header claims huge dimensions, before decoding', async () => {
    const bomb = await png(10, 10);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const response = await upload(admin, '/api/certificates/upload', 'bomb.png', bomb);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors[0]).toMatch(/at most 8000 pixels/);
  });

  it('refuses files over 2 MB with the spec message', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const response = await upload(admin, '/api/certificates/upload', 'big.png', big);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).errors[0]).toBe('The file size may not be greater than 2 MB');
  });

  it('needs a signed-in account member', async () => {
    expect((await upload(null, '/api/upload', 'a.png', await png(5, 5))).statusCode).toBe(401);
    expect((await laurel.app.inject({ method: 'GET', url: '/api/files/nope.png', headers: { host: 'laurel.test' } })).statusCode).toBe(404);
  });
});

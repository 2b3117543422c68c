import { createCanvas } from '@napi-rs/canvas';
import { expect } from 'vitest';
import type { ApiClient } from './api.ts';

/** A PNG of two flat rectangles: small to store, easy to recognise when drawn into a certificate. */
export async function backgroundPng(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a6f97';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f4d35e';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.encode('png');
}

/** Uploads a certificate background as the builder does; answers its path, size and file key. */
export async function uploadBackground(client: ApiClient, width = 900, height = 700) {
  const response = await client.upload('/api/certificates/upload?background=1', [
    { name: 'file', value: await backgroundPng(width, height), filename: 'backdrop.png' },
  ]);
  expect(response.statusCode).toBe(200);
  const image = response.json<{ imagepath: string; width: number; height: number }>();
  return { ...image, key: image.imagepath.split('/').pop()! };
}

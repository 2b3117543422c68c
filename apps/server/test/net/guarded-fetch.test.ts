import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedFetchError, guardedFetch } from '../../src/net/guarded-fetch.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/hello') return void response.end('hello');
    if (url.pathname === '/big') return void response.end(Buffer.alloc(4096, 1));
    if (url.pathname === '/slow') return void setTimeout(() => response.end('late'), 2000);
    if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return void response.end();
    }
    if (url.pathname === '/to-hello') {
      response.writeHead(301, { location: '/hello' });
      return void response.end();
    }
    if (url.pathname === '/to-file') {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      return void response.end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return (error as GuardedFetchError).reason;
}

describe('guarded fetch', () => {
  it('refuses a loopback address, by literal or by name, unless private targets are allowed', async () => {
    expect(await failure(guardedFetch(`${base}/hello`, { allowPrivate: false }))).toBe('private');
    const port = new URL(base).port;
    expect(await failure(guardedFetch(`http://localhost:${port}/hello`, { allowPrivate: false }))).toBe('private');
    const answer = await guardedFetch(`${base}/hello`, { allowPrivate: true });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('hello');
  });

  it('refuses schemes other than http and https, also as a redirect target', async () => {
    expect(await failure(guardedFetch('file:///etc/passwd', { allowPrivate: true }))).toBe('scheme');
    expect(await failure(guardedFetch('gopher://example.com/', { allowPrivate: true }))).toBe('scheme');
    expect(await failure(guardedFetch(`${base}/to-file`, { allowPrivate: true }))).toBe('scheme');
  });

  it('follows a redirect and reports where it ended', async () => {
    const answer = await guardedFetch(`${base}/to-hello`, { allowPrivate: true });
    expect(answer.body.toString()).toBe('hello');
    expect(answer.url).toBe(`${base}/hello`);
  });

  it('stops endless redirects, large bodies and slow answers', async () => {
    expect(await failure(guardedFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 3 }))).toBe('redirects');
    expect(await failure(guardedFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000 }))).toBe('too_large');
    expect(await failure(guardedFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 200 }))).toBe('timeout');
  });
});

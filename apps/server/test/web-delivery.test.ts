import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

// A built web app as `vite build` leaves it (see apps/web/vite-plugins/precompress.ts): a hashed script
// under assets/ with its .br and .gz beside it, index.html and an unhashed public file.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const ASSET = '/assets/index-Bq3xT9aZ.js';
let dist: string;
let laurel: TestLaurel;
let token: string;

function writeDist(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'laurel-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>Laurel</title><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  const script = path.join(root, ASSET);
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

beforeAll(async () => {
  dist = writeDist();
  // The test's requests come from 127.0.0.1: as a trusted proxy, its X-Forwarded-Proto is believed.
  laurel = await startTestLaurel({ env: { WORKERS: '2', WEB_DIST: dist, TRUST_PROXY: '127.0.0.1' } });
  const { admin, setId } = await storeAccount(laurel);
  const projectId = await saveProject(admin.client, setId, 'Harbour pilots', [
    { first: 'Ines', last: 'Moreau', email: 'ines@example.com' },
  ]);
  await sendAndSettle(admin.client, projectId);
  const [recipient] = await laurel.context.db
    .select({ token: recipients.token })
    .from(recipients)
    .where(eq(recipients.project_id, projectId));
  token = recipient!.token;
});
afterAll(async () => {
  await laurel?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => laurel.app.inject({ method: 'GET', url, headers });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

describe('pages', () => {
  it('answer with a strict policy, never cached, and no HSTS over plain HTTP', async () => {
    const page = await get('/login', { 'accept-encoding': 'br, gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']!.split(' ')[0]).toBe("'self'");
    expect(csp['script-src']).not.toContain('unsafe-inline');
    expect(csp['script-src']).not.toContain('unsafe-eval');
    expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
    expect(csp['img-src']).toContain('data:');
    expect(csp['img-src']).toContain('blob:');
    // A portal on its own host shows certificate images from PUBLIC_URL, plain http on the embedded default.
    expect(csp['img-src']!.split(' ')).toContain('http://laurel.test');
    expect(csp['connect-src']!.split(' ')[0]).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    expect(csp['form-action']).toBe("'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS when the request came over HTTPS', async () => {
    const page = await get('/login', { 'x-forwarded-proto': 'https' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('let any site frame the public certificate page, and only that page', async () => {
    const page = await get(`/c/${token}`);
    expect(directives(page.headers['content-security-policy'])['frame-ancestors']).toBe('*');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const verify = await get('/verify');
    expect(directives(verify.headers['content-security-policy'])['frame-ancestors']).toBe("'none'");
  });
});

describe('hashed assets', () => {
  it('are sent precompressed in the encoding the client accepts, cached for a year; other files for an hour', async () => {
    const brotli = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);

    // A file without a hash in its name is checked again after an hour.
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('API replies', () => {
  it('JSON above 1 KB is compressed, a short one is not', async () => {
    const large = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3\./);

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a certificate PDF is sent as it is, not compressed again', async () => {
    const pdf = await get(`/api/c/${token}/pdf`, { 'accept-encoding': 'br, gzip' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('a certificate image revalidated with its ETag is a 304 without a body', async () => {
    const url = `/api/c/${token}/image.png?width=400`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const stale = await get(url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

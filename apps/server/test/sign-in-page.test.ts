import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '@laurel/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSignInPage } from '../src/http/sign-in-page.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

// The web app as `npm run build` leaves it (npm test builds before testing): dist/ and the server
// build of the sign-in page beside it, dist-ssr/.
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

let laurel: TestLaurel;
beforeAll(async () => {
  if (!existsSync(path.join(webDist, '..', 'dist-ssr', 'sign-in-page.js'))) throw new Error('Build the web app first: npm run build');
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

const get = (url: string) => laurel.app.inject({ method: 'GET', url });

/** The text of a JSON block of the page, parsed. */
function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  expect(match, `the page has no ${id} block`).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('the sign-in page the server sends', () => {
  it('carries the form itself, the configuration it was drawn with, and no script that runs inline', async () => {
    const page = await get('/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.body;
    expect(html).toContain('<title>Sign in · Laurel</title>');
    expect(html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
    expect(html).toMatch(/<form[^>]*aria-label="Sign in"/);
    expect(html).toMatch(/<label[^>]*>Email<\/label>/);
    expect(html).toContain('Forgot password?');
    expect(html).toContain('href="/register"');

    // The same configuration `GET /api/config` answers, so the browser need not ask.
    const config = (await get('/api/config')).json();
    expect(jsonBlock(html, 'laurel-config')).toEqual(config);

    // Every <script> either names a file of this origin or is a JSON block, which browsers never run.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/type="application\/json"|src="\/[^/]/);
    // The app's own scripts wait for the first paint: named in a list, not in tags the browser fetches at once.
    expect(html).not.toMatch(/<script[^>]*src="\/assets\//);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script type="module" src="/load-after-paint.js"></script>');
    const files = jsonBlock(html, 'laurel-app-files') as { entry: string; preload: string[] };
    expect(files.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(files.preload.some((file) => /\/auth-LoginPage-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of ['/load-after-paint.js', files.entry, ...files.preload]) {
      const reply = await get(file);
      expect(reply.statusCode, file).toBe(200);
      expect(reply.headers['content-type'], file).toMatch(/javascript/);
    }
    // The styles are in the head: the form is drawn finished before any script.
    for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) expect((await get(href!)).statusCode).toBe(200);
  });

  it('is the app’s plain page for an address with a query, and the build manifest is not served', async () => {
    const withQuery = await get('/login?reset-password');
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<div id="root"></div>');
    expect(withQuery.body).not.toContain('laurel-config');
    const register = await get('/register');
    expect(register.body).toContain('<div id="root"></div>');
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

describe('a sign-in page that cannot be rendered', () => {
  let dist: string;
  beforeAll(() => {
    const root = mkdtempSync(path.join(tmpdir(), 'laurel-sign-in-'));
    dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'src/auth/LoginPage.tsx': { file: 'assets/a.js' } }));
    writeFileSync(
      path.join(root, 'dist-ssr', 'sign-in-page.js'),
      'export async function renderSignInPage() { throw new Error("a screen broke"); }\n',
    );
  });
  afterAll(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

  it('gives null, logged once, and the caller sends index.html', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const indexHtml =
      '<html><head><title>Laurel</title><script type="module" crossorigin src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';
    const page = loadSignInPage(dist, indexHtml, log);
    expect(page).not.toBeNull();
    const config = { public_url: 'http://laurel.test' } as AppConfig;
    await expect(page!(config)).resolves.toBeNull();
    await expect(page!(config)).resolves.toBeNull();
    expect(logged).toHaveLength(1);
  });

  it('is not offered at all when the web was built without its server build', () => {
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    expect(loadSignInPage(path.join(tmpdir(), 'no-such-web-dist'), '<html></html>', log)).toBeNull();
  });
});

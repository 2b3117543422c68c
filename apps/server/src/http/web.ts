import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { portalHostRedirect } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

/** The built browser app (apps/web/dist), found from the source tree and from the server build. */
function webDist(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** The `<title>` and meta tags a page needs for link previews, or null to keep the app's own. */
export type PageHead = (pathname: string) => Promise<string | null>;

/** index.html with its title and description replaced by a page's own head. */
function withHead(indexHtml: string, head: string): string {
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}

/**
 * Serves the single-page app: files as they are, and index.html for every other page path so the
 * client router decides (it shows its own 404 page: the spec has no fallback redirect). On a
 * portal host, paths outside the portal are redirected here already (spec 1 §2). `pageHead` gives
 * pages that are shared as links (a certificate) the tags link previews read, since they run no script.
 */
export async function registerWeb(app: FastifyInstance, pageHead?: PageHead): Promise<void> {
  const root = webDist();
  if (root) {
    await app.register(fastifyStatic, { root, prefix: '/', wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  const indexHtml = root ? readFileSync(path.join(root, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // API paths and missing files (anything with an extension) are real 404s, not pages.
    if (pathname.startsWith('/api/') || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(pathname)) throw notFound('Not found.');
    if (request.hostInfo?.onPortalHost) {
      const redirect = portalHostRedirect(pathname, request.hostInfo.credentialsPortal);
      if (redirect) return reply.redirect(redirect, 302);
    }
    if (!indexHtml) return reply.status(503).type('text/plain').send('The web app is not built: run npm run build.');
    const head = await pageHead?.(pathname);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(head ? withHead(indexHtml, head) : indexHtml);
  });
}

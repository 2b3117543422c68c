import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type AppConfig, portalHostRedirect } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';
import { loadSignInPage } from './sign-in-page.ts';

export interface WebOptions {
  /** The built web app; found beside the sources when not given (WEB_DIST). */
  dist?: string;
  /** The configuration `GET /api/config` answers for this request, which the sign-in page is rendered with. */
  configFor?: (request: FastifyRequest) => AppConfig;
}

/** The built browser app (apps/web/dist), found from the source tree and from the server build. */
function findWebDist(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Serves the single-page app: files as they are, and index.html for every other page path so the
 * client router decides (it shows its own 404 page: the spec has no fallback redirect). On a
 * portal host, paths outside the portal are redirected here already (docs/product/recipient-portal.md#screens). The certificate page,
 * which link previews read, is the server's own HTML (modules/delivery), not the app. The sign-in page,
 * where most visits start, comes with its form already rendered (sign-in-page.ts).
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions = {}): Promise<void> {
  const root = options.dist ?? findWebDist();
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build wrote name.br and name.gz beside each text file: the one the client accepts is sent as it
      // is, with Content-Encoding and Vary: Accept-Encoding, and nothing is compressed per request.
      preCompressed: true,
      // Names under assets/ carry a hash of their content: a new build makes new names, so they never go
      // stale. The rest (favicon.svg...) keeps a stable name and is checked again after an hour.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const indexHtml = root ? readFileSync(path.join(root, 'index.html'), 'utf8') : null;
  const signInPage = root && indexHtml && options.configFor ? loadSignInPage(root, indexHtml, app.log) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // API paths and missing files (anything with an extension) are real 404s, not pages.
    if (pathname.startsWith('/api/') || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(pathname)) throw notFound('Not found.');
    if (request.hostInfo?.onPortalHost) {
      const redirect = portalHostRedirect(pathname, request.hostInfo.credentialsPortal);
      if (redirect) return reply.redirect(redirect, 302);
    }
    if (!indexHtml) return reply.status(503).type('text/plain').send('The web app is not built: run npm run build.');
    // The plain address only: a query (a reset form, an expired link, an outside sign-in's error) shows
    // something else, which the app draws.
    const page = signInPage && options.configFor && request.url === '/login' ? await signInPage(options.configFor(request)) : null;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page ?? indexHtml);
  });
}

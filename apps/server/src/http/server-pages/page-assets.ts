import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The addresses of a server-rendered page's stylesheet and script. */
export interface PageAssets {
  css: string;
  js: string;
}

/** The stylesheet every server-rendered page starts from; the page's own follows it in the same file. */
const BASE_CSS = new URL('./server-page-assets/base.css', import.meta.url);

const YEAR = 'public, max-age=31536000, immutable';

/** `page.css` with its content's hash in the name (`page.Ab12Cd34Ef.css`), so browsers may keep it for good. */
function hashedName(file: URL, body: Buffer): string {
  const { name, ext } = path.parse(fileURLToPath(file));
  return `${name}.${createHash('sha256').update(body).digest('base64url').slice(0, 10)}${ext}`;
}

/**
 * Serves a server-rendered page's stylesheet (the shared base, then the page's own) and script under
 * `prefix`, read once at start. The files sit beside the page's source and are copied beside main.js by
 * the server build (build.mjs), so the same relative address finds them in both. `missing` answers a
 * name that is not one of them.
 */
export function servePageAssets(
  app: FastifyInstance,
  prefix: string,
  files: { css: URL; js: URL },
  missing: (request: FastifyRequest, reply: FastifyReply) => unknown,
): PageAssets {
  const css = Buffer.concat([readFileSync(BASE_CSS), readFileSync(files.css)]);
  const js = readFileSync(files.js);
  const served = new Map([
    [hashedName(files.css, css), { type: 'text/css; charset=utf-8', body: css }],
    [hashedName(files.js, js), { type: 'text/javascript; charset=utf-8', body: js }],
  ]);
  app.get<{ Params: { file: string } }>(`${prefix}:file`, { schema: { hide: true } }, async (request, reply) => {
    const asset = served.get(request.params.file);
    if (!asset) return missing(request, reply);
    return reply.type(asset.type).header('cache-control', YEAR).send(asset.body);
  });
  const [cssName, jsName] = [...served.keys()];
  return { css: `${prefix}${cssName}`, js: `${prefix}${jsName}` };
}

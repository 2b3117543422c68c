import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { readPublicPortalSettings } from '../portal-settings/index.ts';
import { invalidPortalHtml, type LoginPageAssets, portalLoginHtml } from './login-page-view.ts';
import { hostAccount, presentPortalAccount } from './portal-account.ts';

/**
 * The page's CSS and script, read once. They sit beside this file in the source tree and are copied
 * beside main.js by the server build (build.mjs), so the same relative address finds them in both.
 * Each is served under a name carrying a hash of its content, so browsers may keep it for a year.
 */
function loadAssets() {
  const file = (name: string) => {
    const body = readFileSync(new URL(`./login-page-assets/${name}`, import.meta.url));
    const [base, extension] = name.split('.');
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
    return { name: `${base}.${hash}.${extension}`, body };
  };
  return { css: file('login.css'), js: file('login.js') };
}

const ASSET_PREFIX = '/portal/assets/';
const YEAR = 'public, max-age=31536000, immutable';

const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

/**
 * `/portal/login` and `/portal/register` on an account's portal host: plain HTML built from the portal's
 * settings with a small script that calls the portal's sign-in API, so the page a recipient opens from an
 * email shows at once without the app's bundle. Everything else about the portal (the no-login list a
 * `?email=` link opens, the signed-in pages, other hosts) stays with the app, which also keeps its own copy
 * of these forms for moves inside it. See docs/decisions.md, Web delivery.
 */
export function portalLoginPageRoutes(app: FastifyInstance, context: AppContext): void {
  const assets = loadAssets();
  const urls: LoginPageAssets = { css: `${ASSET_PREFIX}${assets.css.name}`, js: `${ASSET_PREFIX}${assets.js.name}` };
  const served = new Map([
    [assets.css.name, { type: 'text/css; charset=utf-8', body: assets.css.body }],
    [assets.js.name, { type: 'text/javascript; charset=utf-8', body: assets.js.body }],
  ]);

  app.get<{ Params: { file: string } }>(`${ASSET_PREFIX}:file`, { schema: { hide: true } }, async (request, reply) => {
    const asset = served.get(request.params.file);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', YEAR).send(asset.body);
  });

  const page = (start: 'login' | 'first') => async (request: FastifyRequest<{ Querystring: { email?: string } }>, reply: FastifyReply) => {
    const host = request.hostInfo;
    // The main host and the credentials portal keep the app's answer (its own screens or redirects).
    if (!host.onPortalHost || host.credentialsPortal) return reply.callNotFound();
    let account: Awaited<ReturnType<typeof hostAccount>>;
    try {
      account = await hostAccount(context, host);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      const known = host.account && { id: host.account.id, name: host.account.name, logo: null };
      return sendHtml(reply, 404, invalidPortalHtml(urls, known));
    }
    const email = typeof request.query.email === 'string' ? request.query.email.trim() : '';
    // An account whose recipients need no sign-in opens the list from the address in the link: the app's screen.
    if (account.recipients_no_login && email) return reply.callNotFound();
    const portal = presentPortalAccount(account);
    const { portal_settings: look } = await readPublicPortalSettings(context, account.id);
    const body = portalLoginHtml(urls, { id: portal.id, name: portal.name, logo: portal.logo }, look, {
      start,
      email: email.slice(0, 254),
      branding: portal.branding,
    });
    return sendHtml(reply, 200, body);
  };

  app.get('/portal/login', { schema: { hide: true } }, page('login'));
  app.get('/portal/register', { schema: { hide: true } }, page('first'));
}

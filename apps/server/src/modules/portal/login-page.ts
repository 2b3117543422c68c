import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { servePageAssets } from '../../http/server-pages/page-assets.ts';
import { readPublicPortalSettings } from '../portal-settings/index.ts';
import { invalidPortalHtml, portalLoginHtml } from './login-page-view.ts';
import { hostAccount, presentPortalAccount } from './portal-account.ts';

const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

/**
 * `/portal/login` and `/portal/register` on an account's portal host: plain HTML built from the portal's
 * settings with a small script that calls the portal's sign-in API, so the page a recipient opens from an
 * email shows at once without the app's bundle. Everything else about the portal (the no-login list a
 * `?email=` link opens, the signed-in pages, other hosts) stays with the app, which also keeps its own copy
 * of these forms for moves inside it. See docs/decisions/0045-web-delivery.md.
 */
export function portalLoginPageRoutes(app: FastifyInstance, context: AppContext): void {
  const urls = servePageAssets(
    app,
    '/portal/assets/',
    {
      css: new URL('./login-page-assets/login.css', import.meta.url),
      js: new URL('./login-page-assets/login.js', import.meta.url),
    },
    (_request, reply) => reply.callNotFound(),
  );

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

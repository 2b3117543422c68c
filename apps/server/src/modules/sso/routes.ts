import { ssoCalls as calls, SSO_MESSAGES } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { findConfigurationByPublicId, readSsoConfiguration, saveSsoConfiguration } from './configuration.ts';
import { exchangeHandover, handOver } from './handover.ts';
import { acceptSamlResponse, SamlRefused, spMetadata, startSamlLogin, usableConfigurationByPublicId } from './saml.ts';
import { finishSocialLogin, loginError, startSocialLogin } from './social.ts';

/** A SAML response is a few kilobytes of base64, more with certificates inside; the app's own forms stay at 1 KB. */
const SAML_BODY_LIMIT = 256 * 1024;

/** The account admin of the signed-in user's own account: the identity provider decides who signs in to it. */
function requireAccountAdmin(request: FastifyRequest) {
  const auth = requireRole(request, ['account_admin']);
  if (auth.user.account_id === null) throw forbidden();
  return { ...auth, accountId: auth.user.account_id };
}

export function ssoRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getSsoConfiguration, async (request) => readSsoConfiguration(context, requireAccountAdmin(request).accountId));

  route(app, calls.saveSsoConfiguration, async (request) => {
    const auth = requireAccountAdmin(request);
    return saveSsoConfiguration(context, { userId: auth.user.id, accountId: auth.accountId, ip: request.ip }, request.body);
  });

  route(app, calls.startSsoLogin, async (request) => ({ redirect_url: await startSamlLogin(context, request.body.email) }), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });

  route(
    app,
    calls.finishSsoHandover,
    async (request) => exchangeHandover(context, request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  route(app, calls.getSamlMetadata, async (request, reply) => {
    const config = await findConfigurationByPublicId(context, request.params.id);
    if (!config) throw notFound();
    return reply.type('application/samlmetadata+xml').send(spMetadata(context, config));
  });

  route(app, calls.samlSingleLogout, async (_request, reply) => reply.redirect('/login', 302));

  route(app, calls.startSocialLogin, async (request, reply) => {
    // The state cookie lives on the app's own host, where the provider returns: a sign-in begun on a portal host starts over there.
    const own = new URL(context.env.PUBLIC_URL);
    if (request.headers.host?.toLowerCase() !== own.host.toLowerCase()) {
      const query = request.query.account ? `?account=${encodeURIComponent(request.query.account)}` : '';
      return reply.redirect(`${own.origin}/login/${request.params.provider}${query}`, 302);
    }
    const started = await startSocialLogin(context, request.params.provider, request.query.account);
    if (started.cookie) reply.header('set-cookie', started.cookie);
    return reply.redirect(started.location, 302);
  });

  route(app, calls.finishSocialLogin, async (request, reply) =>
    reply.redirect(await finishSocialLogin(context, request.params.provider, request), 302),
  );

  // The IdP posts its response as a form: parsed here, in a scope of its own, with room for a signed document.
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scope,
      calls.samlAssertionConsumer,
      async (request, reply) => {
        const form = (request.body ?? {}) as { SAMLResponse?: string };
        const config = await usableConfigurationByPublicId(context, request.params.id);
        if (!config || typeof form.SAMLResponse !== 'string') return reply.redirect(loginError(SSO_MESSAGES.failed), 302);
        try {
          const user = await acceptSamlResponse(context, config, form.SAMLResponse);
          return reply.redirect(await handOver(context, user.id, 'saml'), 302);
        } catch (error) {
          if (!(error instanceof SamlRefused)) throw error;
          request.log.warn({ reason: error.message, configuration: config.id }, 'SAML response refused');
          return reply.redirect(loginError(error.userMessage), 302);
        }
      },
      { bodyLimit: SAML_BODY_LIMIT },
    );
    done();
  });
}

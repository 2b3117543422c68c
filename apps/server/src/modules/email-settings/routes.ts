import { emailSettingsCalls as calls, EMAIL_SETTINGS_MESSAGES as M } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { finishOauth, startOauth } from './oauth.ts';
import { presentEmailSettings } from './presenter.ts';
import { disconnectMailbox, readEmailSettings, testConnection, updateEmailSettings } from './service.ts';

/** The account admin of the signed-in user's own account: only they change how its mail leaves. */
function requireAccountAdmin(request: FastifyRequest) {
  const auth = requireRole(request, ['account_admin']);
  if (auth.user.account_id === null) throw forbidden();
  return { ...auth, accountId: auth.user.account_id };
}

export function emailSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  // Admins only: the settings name the account's mail server and its sign-in, which sub-users have no use for.
  route(app, calls.getEmailSettings, async (request) => {
    const { accountId } = requireAccountAdmin(request);
    return presentEmailSettings(context, await readEmailSettings(context, accountId));
  });

  route(app, calls.updateEmailSettings, async (request) => {
    const { accountId } = requireAccountAdmin(request);
    if (request.body.account_id !== accountId) throw notFound();
    return presentEmailSettings(context, await updateEmailSettings(context, accountId, request.body.email_settings));
  });

  // Each test opens a connection to a server the customer named: a few a minute are plenty.
  route(
    app,
    calls.testEmailConnection,
    async (request) => {
      const { accountId } = requireAccountAdmin(request);
      if (request.params.id !== accountId) throw notFound();
      return testConnection(context, accountId);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  route(app, calls.disconnectGmail, async (request) => {
    await disconnectMailbox(context, requireAccountAdmin(request).accountId, 'gmail');
    return { success: true, message: M.gmailDisconnected };
  });

  route(app, calls.disconnectMicrosoft, async (request) => {
    await disconnectMailbox(context, requireAccountAdmin(request).accountId, 'microsoft365');
    return { success: true, message: M.microsoftDisconnected };
  });

  route(app, calls.startEmailOauth, async (request, reply) => {
    const auth = requireAccountAdmin(request);
    const started = await startOauth(context, { id: auth.user.id, accountId: auth.accountId }, request.params.provider);
    reply.header('set-cookie', started.cookie);
    return { authorization_url: started.authorizationUrl };
  });

  route(app, calls.finishEmailOauth, async (request, reply) =>
    reply.redirect(await finishOauth(context, request.params.provider, request), 302),
  );
}

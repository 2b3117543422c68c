import { CREDENTIALS_MESSAGES, credentialCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireOwnSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { presentCredential } from './presenter.ts';
import { registerHolder } from './register.ts';
import { listCredentials } from './service.ts';

/** Ten registrations a minute from one address (each may mail a link). */
const registerRateLimit = { max: 10, timeWindow: '1 minute' };

/** These calls belong to the credentials portal's host (docs/product/credentials-portal.md#screens); elsewhere they do not exist. */
function assertCredentialsHost(request: FastifyRequest): void {
  if (!request.hostInfo.credentialsPortal)
    throw notFound(CREDENTIALS_MESSAGES.onlyOnCredentialsHost, { error_type: 'not_credentials_host' });
}

export function credentialRoutes(app: FastifyInstance, context: AppContext): void {
  route(
    app,
    calls.registerCredentialsUser,
    async (request) => {
      assertCredentialsHost(request);
      await registerHolder(context, request.body, request.ip);
      return { success: true as const, message: CREDENTIALS_MESSAGES.registered };
    },
    { rateLimit: registerRateLimit },
  );

  /** The holder's own list: an admin acting as someone does not read the certificates other issuers sent them. */
  route(app, calls.listCredentials, async (request) => {
    assertCredentialsHost(request);
    const { user } = requireOwnSession(request);
    const { rows, count, issuers } = await listCredentials(context, user.email, request.query);
    return { credentials: rows.map((row) => presentCredential(context, row)), count, issuers };
  });
}

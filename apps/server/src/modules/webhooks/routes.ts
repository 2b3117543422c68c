import { webhookCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rollSecret,
  updateEndpoint,
  type WebhookActor,
} from './service.ts';

/**
 * Account admins only (a super-admin acting as one counts as them): an endpoint receives every
 * recipient's name and address in the account, beyond what a sub-user limited to some sets may see.
 */
function requireAccountAdmin(request: FastifyRequest): WebhookActor {
  const auth = requireRole(request, ['account_admin']);
  if (auth.user.account_id === null) throw forbidden();
  return { accountId: auth.user.account_id, userId: auth.user.id, actorId: auth.session.impersonator_id ?? auth.user.id, ip: request.ip };
}

export function webhookRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listWebhooks, async (request) => ({
    webhooks: await listEndpoints(context, requireAccountAdmin(request).accountId),
  }));

  // Each save resolves the address's host name: a few dozen a minute are plenty.
  const saving = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  route(app, calls.createWebhook, async (request) => createEndpoint(context, requireAccountAdmin(request), request.body), saving);
  route(
    app,
    calls.updateWebhook,
    async (request) => updateEndpoint(context, requireAccountAdmin(request), request.params.id, request.body),
    saving,
  );
  route(app, calls.deleteWebhook, async (request) => deleteEndpoint(context, requireAccountAdmin(request), request.params.id));
  route(app, calls.rollWebhookSecret, async (request) => rollSecret(context, requireAccountAdmin(request), request.params.id));
  route(app, calls.listWebhookDeliveries, async (request) =>
    listDeliveries(context, requireAccountAdmin(request).accountId, request.params.id, request.query),
  );
  route(app, calls.resendWebhookDelivery, async (request) => resendDelivery(context, requireAccountAdmin(request), request.params.id));
}

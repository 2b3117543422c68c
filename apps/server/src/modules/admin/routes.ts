import { adminCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { listActivity } from './activity.ts';
import { findOutboxMessage, listOutbox } from './outbox.ts';

/** The super-admin's outbox (/admin/outbox) and activity log (/admin/activity): docs/product/super-admin.md#screens. */
export function adminRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listOutboxMessages, async (request) => {
    requireRole(request, ['global_admin']);
    return listOutbox(context, request.query);
  });

  route(app, calls.getOutboxMessage, async (request) => {
    requireRole(request, ['global_admin']);
    return findOutboxMessage(context, request.params.id);
  });

  route(app, calls.listActivity, async (request) => {
    requireRole(request, ['global_admin']);
    return listActivity(context, request.query);
  });
}

import { adminCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { findOutboxMessage, listOutbox } from './outbox.ts';

/** The outbox: every message the product sent or kept, for super-admins (/admin/outbox). */
export function outboxRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listOutboxMessages, async (request) => {
    requireRole(request, ['global_admin']);
    return listOutbox(context, request.query);
  });

  route(app, calls.getOutboxMessage, async (request) => {
    requireRole(request, ['global_admin']);
    return findOutboxMessage(context, request.params.id);
  });
}

import { creditCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { setAccountBalances } from './balances.ts';

/** Super-admins set an account's balances and set allowance (spec 3 §7 admin-update). */
export function creditRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.updateAccountBalances, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return setAccountBalances(context, auth.user.id, request.params.id, request.body, request.ip);
  });
}

import { creditCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { setAccountBalances } from './balances.ts';
import { paygLog } from './payg-log.ts';
import { triggerRefills } from './refill-trigger.ts';

/** Super-admins set an account's balances and set allowance, read the purchase log, and run the monthly refill on demand (docs/product/billing-and-credits.md#calls). */
export function creditRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.updateAccountBalances, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return setAccountBalances(context, auth.user.id, request.params.id, request.body, request.ip);
  });
  route(app, calls.getPaygLog, async (request) => {
    requireRole(request, ['global_admin']);
    return paygLog(context, request.query);
  });
  route(app, calls.triggerRefills, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return triggerRefills(context, auth.user.id, request.ip);
  });
}

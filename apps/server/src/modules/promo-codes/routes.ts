import { promoCodeCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { createPromoCode, deletePromoCode, listPromoCodes, togglePromoCode, updatePromoCode } from './service.ts';

/** Super-admins keep the promo codes (docs/product/billing-and-credits.md#calls); everyone else is refused with 403. */
export function promoCodeRoutes(app: FastifyInstance, context: AppContext): void {
  const superAdmin = (request: FastifyRequest) => ({ id: requireRole(request, ['global_admin']).user.id, ip: request.ip });

  route(app, calls.listPromoCodes, async (request) => {
    superAdmin(request);
    return listPromoCodes(context, request.query);
  });
  route(app, calls.createPromoCode, async (request) => createPromoCode(context, superAdmin(request), request.body));
  route(app, calls.updatePromoCode, async (request) => updatePromoCode(context, superAdmin(request), request.params.id, request.body));
  route(app, calls.togglePromoCodeStatus, async (request) => togglePromoCode(context, superAdmin(request), request.params.id));
  route(app, calls.deletePromoCode, async (request) => deletePromoCode(context, superAdmin(request), request.params.id));
}

import { ADMIN_ACCOUNT_MESSAGES, adminAccountCalls, planCalls as calls, catalogueReply } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember, requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { destroyAccountSubscription, refreshAccountBilling } from './admin.ts';
import { setAccountPlan } from './plan-grants.ts';
import { requestPurchase } from './purchase-request.ts';
import { certificateQrPng } from './qr.ts';

/** The catalogue, the manual provider's plan grants (docs/product/billing-and-credits.md#calls), purchase requests and the QR image. */
export function billingRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getPlans, async (request) => {
    requireRole(request, ['global_admin']);
    return catalogueReply();
  });

  route(app, calls.adminUpdateAccountPlan, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return setAccountPlan(context, { id: auth.user.id, ip: request.ip }, request.params.id, request.body.plan);
  });

  route(app, calls.adminUpdatePlan, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    const accountId = request.body.account ?? auth.user.account_id;
    if (!accountId) throw notFound();
    return setAccountPlan(context, { id: auth.user.id, ip: request.ip }, accountId, request.body.plan);
  });

  route(app, adminAccountCalls.updateAccountBillingInformation, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    await refreshAccountBilling(context, { id: auth.user.id, ip: request.ip }, request.body.account_id);
    return { success: true, message: ADMIN_ACCOUNT_MESSAGES.billingUpdated };
  });

  route(app, adminAccountCalls.adminDestroySubscription, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    await destroyAccountSubscription(context, { id: auth.user.id, ip: request.ip }, request.params.id);
    return { success: true, message: ADMIN_ACCOUNT_MESSAGES.subscriptionDestroyed };
  });

  route(app, calls.requestPurchase, async (request) => requestPurchase(context, requireAccountMember(request), request.body), {
    // Each request mails people: a few a minute is plenty for a person and little use to a script.
    rateLimit: { max: 5, timeWindow: '1 minute' },
  });

  route(app, calls.getCertificateQr, async (request, reply) => {
    const png = await certificateQrPng(context, requireAccountMember(request), request.params.id, request.params.size);
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });
}

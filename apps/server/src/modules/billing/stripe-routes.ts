import { billingCalls as calls, BILLING_MESSAGES as M, primaryRole } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { accessUser, requireAccountMember } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { readAutomaticPurchase, saveAutomaticPurchase } from './automatic.ts';
import { billingRedirect } from './checkout.ts';
import {
  addCard,
  cancelSubscription,
  checkCoupon,
  listInvoices,
  loadAccount,
  readBilling,
  readSubscription,
  removeCard,
  stripeConfigured,
  updateBillingDetails,
} from './service.ts';
import { receiveEvent } from './webhook.ts';

/**
 * Billing is the account admin's: a sub-user is refused (403), another account's id is not found (404)
 * before any role is weighed.
 */
function requireBillingAdmin(request: FastifyRequest, accountId?: number) {
  const member = requireAccountMember(request);
  if (accountId !== undefined && accountId !== member.accountId) throw notFound();
  if (primaryRole(accessUser(member.user)) === 'account_user') throw forbidden('Only an account admin can manage billing.');
  return { accountId: member.accountId, userId: member.user.id, email: member.user.email, ip: request.ip };
}

/** Where a browser navigation without a session header goes: the app's page that asks for the address. */
function bridge(target: string, query: object): string {
  const params = new URLSearchParams({ target });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/account/billing-redirect?${params}`;
}

export function stripeBillingRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getBilling, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    return readBilling(context, admin.accountId);
  });

  route(app, calls.addCard, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    return addCard(context, admin.accountId, request.body, admin);
  });

  route(app, calls.updateBillingDetails, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    return updateBillingDetails(context, admin.accountId, request.body, admin);
  });

  route(app, calls.removeCard, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    await removeCard(context, admin.accountId, admin);
    return { success: true, message: M.removed };
  });

  route(app, calls.cancelSubscription, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    await cancelSubscription(context, admin.accountId, admin);
    return { success: true, message: M.subscriptionCancelled };
  });

  route(app, calls.checkCoupon, async (request) => {
    requireBillingAdmin(request, request.params.id);
    return checkCoupon(context, request.params.code);
  });

  route(app, calls.listInvoices, async (request) => {
    const admin = requireBillingAdmin(request);
    return { invoices: await listInvoices(context, admin.accountId) };
  });

  route(app, calls.accountSubscription, async (request) => {
    const admin = requireBillingAdmin(request);
    const account = await loadAccount(context, admin.accountId);
    return { payments: stripeConfigured(context), subscription: await readSubscription(context, account) };
  });

  route(app, calls.createBillingRedirect, async (request) => {
    const admin = requireBillingAdmin(request);
    const { target, ...query } = request.body;
    return { url: await billingRedirect(context, admin.accountId, target, query, admin) };
  });

  route(app, calls.checkoutSession, async (request, reply) => {
    if (!request.auth) return reply.redirect(bridge('checkout-session', request.query));
    const admin = requireBillingAdmin(request);
    return reply.redirect(await billingRedirect(context, admin.accountId, 'checkout-session', request.query, admin));
  });

  route(app, calls.billingPortal, async (request, reply) => {
    if (!request.auth) return reply.redirect(bridge('billing-portal', {}));
    const admin = requireBillingAdmin(request);
    return reply.redirect(await billingRedirect(context, admin.accountId, 'billing-portal', {}, admin));
  });

  route(app, calls.updateBillingInformation, async (request, reply) => {
    if (!request.auth) return reply.redirect(bridge('update-billing-information', {}));
    const admin = requireBillingAdmin(request);
    return reply.redirect(await billingRedirect(context, admin.accountId, 'update-billing-information', {}, admin));
  });

  route(app, calls.getAutomaticPurchase, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    return readAutomaticPurchase(context, admin.accountId);
  });

  route(app, calls.saveAutomaticPurchase, async (request) => {
    const admin = requireBillingAdmin(request, request.params.id);
    return saveAutomaticPurchase(context, admin.accountId, request.body, admin);
  });

  // Stripe signs the exact bytes it sent: this route reads its JSON body unparsed.
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    route(scope, calls.stripeWebhook, async (request) => {
      const signature = request.headers['stripe-signature'];
      await receiveEvent(context, request.body as unknown as Buffer, Array.isArray(signature) ? signature[0] : signature);
      return { received: true };
    });
    done();
  });
}

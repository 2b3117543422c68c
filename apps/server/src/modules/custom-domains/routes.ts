import { ACCOUNT_MESSAGES, customDomainCalls as calls, CUSTOM_DOMAIN_MESSAGES as M, primaryRole } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { accessUser, requireRole } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { Actor } from './service.ts';
import { getCustomDomain, listCustomDomains, removeCertificate, saveCertificate, saveCustomDomain } from './service.ts';

/**
 * Members read their account's custom URL, its admins change it; super-admins read and change any
 * account's by naming `account_id` (spec 3 §7). Another account's id from anyone else is a 404.
 */
function actorFor(request: FastifyRequest, accountId: number | undefined, intent: 'read' | 'change'): Actor {
  const { user, session } = requireRole(request, ['global_admin', 'account_admin', 'account_user']);
  const role = primaryRole(accessUser(user));
  const operator = role === 'global_admin' && session.impersonator_id === null;
  if (accountId !== undefined && accountId !== user.account_id && role !== 'global_admin') throw notFound();
  const target = accountId ?? user.account_id;
  if (target === null) throw badRequest(M.chooseAccount, { field: 'account_id' });
  if (intent === 'change' && role === 'account_user') throw forbidden(ACCOUNT_MESSAGES.adminsOnly);
  return { accountId: target, actorId: session.impersonator_id ?? user.id, ip: request.ip, operator };
}

export function customDomainRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getUsersDomain, async (request) => getCustomDomain(context, actorFor(request, request.query.account_id, 'read')));
  route(app, calls.saveUsersDomain, async (request) =>
    saveCustomDomain(context, actorFor(request, request.body.account_id, 'change'), request.body),
  );
  route(app, calls.savePortalSslCertificate, async (request) =>
    saveCertificate(context, actorFor(request, request.body.account_id, 'change'), request.body),
  );
  route(app, calls.removePortalSslCertificate, async (request) =>
    removeCertificate(context, actorFor(request, request.body?.account_id, 'change')),
  );
  route(app, calls.listCustomDomains, async (request) => {
    requireRole(request, ['global_admin']);
    return listCustomDomains(context, request.query);
  });
}

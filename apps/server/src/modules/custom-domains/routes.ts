import { customDomainCalls as calls, CUSTOM_DOMAIN_MESSAGES as M, primaryRole } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { accessUser, requireRole } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { Actor } from './service.ts';
import { getCustomDomain, listCustomDomains, removeCertificate, saveCertificate, saveCustomDomain } from './service.ts';

/**
 * An account's admins read and change its custom URL; super-admins read and change any account's by naming
 * `account_id` ("Custom domains with TLS", docs/decisions/0035-custom-domains-with-tls.md). Sub-users have no part in the portal (as with its settings, "Portal settings",
 * docs/decisions/0036-portal-settings.md), so they are refused reading it too. Another account's id from anyone else is a 404.
 */
function actorFor(request: FastifyRequest, accountId: number | undefined): Actor {
  const { user, session } = requireRole(request, ['global_admin', 'account_admin', 'account_user']);
  const role = primaryRole(accessUser(user));
  const operator = role === 'global_admin' && session.impersonator_id === null;
  if (accountId !== undefined && accountId !== user.account_id && role !== 'global_admin') throw notFound();
  const target = accountId ?? user.account_id;
  if (target === null) throw badRequest(M.chooseAccount, { field: 'account_id' });
  if (role === 'account_user') throw forbidden(M.adminsOnly);
  return { accountId: target, actorId: session.impersonator_id ?? user.id, ip: request.ip, operator };
}

export function customDomainRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getUsersDomain, async (request) => getCustomDomain(context, actorFor(request, request.query.account_id)));
  route(app, calls.saveUsersDomain, async (request) => saveCustomDomain(context, actorFor(request, request.body.account_id), request.body));
  route(app, calls.savePortalSslCertificate, async (request) =>
    saveCertificate(context, actorFor(request, request.body.account_id), request.body),
  );
  route(app, calls.removePortalSslCertificate, async (request) => removeCertificate(context, actorFor(request, request.body?.account_id)));
  route(app, calls.listCustomDomains, async (request) => {
    requireRole(request, ['global_admin']);
    return listCustomDomains(context, request.query);
  });
}

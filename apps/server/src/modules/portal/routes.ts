import { portalCalls as calls, PORTAL_MESSAGES, portalLoginCalls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember, requireAuth, requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { emailAgain, myCertificates, noLoginCertificates, updateMemo } from './certificates.ts';
import { portalLoginPageRoutes } from './login-page.ts';
import { confirmRecipientUser, deleteRecipientUser, type IssuerAdmin, portalLoginOf, setRecipientPassword } from './logins.ts';
import { accountOfHost, hostAccount, openAccount, presentPortalAccount } from './portal-account.ts';
import { portalSignIn, recipientExists, startPortalSignIn } from './sign-in.ts';

/** Per source address and minute: the same pace as the main sign-in's reset links, enough for a person. */
const lookupRateLimit = { max: 30, timeWindow: '1 minute' };
const mailRateLimit = { max: 10, timeWindow: '1 minute' };

/** An account admin (or a super-admin with an account) of the account whose recipients the call touches. */
function issuerAdmin(request: FastifyRequest): IssuerAdmin {
  const auth = requireRole(request, ['account_admin', 'global_admin']);
  const { accountId } = requireAccountMember(request);
  return { user: auth.user, accountId, ip: request.ip };
}

/** The recipient portal of each account's host (docs/product/sign-in-and-sessions.md#screens, docs/product/sign-in-and-sessions.md#calls "Login and portals") and the issuer's actions on its sign-ins. */
export function portalRoutes(app: FastifyInstance, context: AppContext): void {
  portalLoginPageRoutes(app, context);

  route(app, calls.getPortalAccount, async (request) => {
    const account = request.query.host ? await accountOfHost(context, request.query.host) : await hostAccount(context, request.hostInfo);
    return presentPortalAccount(account);
  });

  route(
    app,
    calls.portalSignIn,
    async (request) =>
      portalSignIn(context, await hostAccount(context, request.hostInfo), {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    { rateLimit: lookupRateLimit },
  );

  route(
    app,
    calls.firstTime,
    async (request) => {
      // On a portal host the account is the host's; another account's id there is an unknown portal.
      if (request.hostInfo.account && request.hostInfo.account.id !== request.body.id) throw notFound();
      await startPortalSignIn(context, await openAccount(context, request.body.id), { ...request.body, ip: request.ip });
      return { success: true, message: PORTAL_MESSAGES.firstTimeSent };
    },
    { rateLimit: mailRateLimit },
  );

  route(
    app,
    calls.recipientExists,
    async (request) => recipientExists(context, await hostAccount(context, request.hostInfo), request.params.email),
    { rateLimit: lookupRateLimit },
  );

  route(
    app,
    calls.noLoginCertificates,
    async (request) => noLoginCertificates(context, await hostAccount(context, request.hostInfo), request.params.email, request.query),
    { rateLimit: lookupRateLimit },
  );

  route(
    app,
    calls.noLoginCertificatesOfAccount,
    async (request) =>
      noLoginCertificates(context, await openAccount(context, request.params.accountId), request.params.email, request.query),
    { rateLimit: lookupRateLimit },
  );

  route(app, calls.myCertificates, async (request) =>
    myCertificates(context, await hostAccount(context, request.hostInfo), requireAuth(request), request.params.email, request.query),
  );

  route(app, calls.updateMemo, async (request) => {
    await updateMemo(context, requireAuth(request), request.body.recipient.id, request.body.recipient.memo);
    return { success: true, message: PORTAL_MESSAGES.memoSaved };
  });

  route(
    app,
    calls.emailAgain,
    async (request) => {
      await emailAgain(context, request.auth, request.params.id, request.body?.email);
      return { success: true, message: PORTAL_MESSAGES.emailSent };
    },
    { rateLimit: mailRateLimit },
  );

  route(app, portalLoginCalls.getPortalLogin, async (request) => {
    issuerAdmin(request);
    return portalLoginOf(context, requireAccountMember(request), request.params.id);
  });

  route(app, portalLoginCalls.changeRecipientPassword, async (request) => {
    await setRecipientPassword(context, issuerAdmin(request), request.params.userId, request.body);
    return { success: true, message: PORTAL_MESSAGES.passwordChanged };
  });

  route(app, portalLoginCalls.confirmRecipientUser, async (request) => {
    await confirmRecipientUser(context, issuerAdmin(request), request.body.user_id);
    return { success: true, message: PORTAL_MESSAGES.loginConfirmed };
  });

  route(app, portalLoginCalls.deleteRecipientUser, async (request) => {
    await deleteRecipientUser(context, issuerAdmin(request), request.body.user_id);
    return { success: true, message: PORTAL_MESSAGES.loginDeleted };
  });
}

import { authCalls as calls, TWO_FACTOR_MESSAGES, twoFactorCalls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth, requireOwnSession, requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { endImpersonation, loadUserDto } from '../users/index.ts';
import { issueCsrfToken, isValidCsrfToken } from './csrf.ts';
import { checkLink, requestPasswordReset, setPasswordFromLink } from './password-links.ts';
import { assertCsrf, login, sendSignInCode } from './service.ts';
import { revokeSession } from './sessions.ts';
import { disableTwoFactor, enableTwoFactor, sendDisableTwoFactorCode, setTwoFactorPolicy, startTwoFactor } from './two-factor.ts';

/** Each address may ask for 10 reset links a minute. */
const resetRateLimit = { max: 10, timeWindow: '1 minute' };

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getCsrfToken, async () => ({ csrf_token: issueCsrfToken(context) }));

  route(app, calls.signIn, async (request) => {
    assertCsrf(isValidCsrfToken(context, request.body.csrf_token));
    return login(context, {
      ...request.body,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      credentialsPortal: request.hostInfo.credentialsPortal,
    });
  });

  route(app, calls.sendSignInCode, async (request) => {
    await sendSignInCode(context, { ...request.body.login, ip: request.ip, credentialsPortal: request.hostInfo.credentialsPortal });
    return { success: true };
  });

  route(app, calls.getCurrentUser, async (request) => {
    const auth = requireAuth(request);
    return loadUserDto(context, auth.user, auth.session.impersonator_id);
  });

  route(app, calls.signOut, async (request) => {
    if (request.auth) await revokeSession(context, request.auth.session.id);
    return { success: true };
  });

  for (const call of [calls.requestPasswordReset, calls.requestPortalPasswordReset]) {
    route(
      app,
      call,
      async (request) => {
        await requestPasswordReset(context, request.body.email);
        return { success: true };
      },
      { rateLimit: resetRateLimit },
    );
  }

  route(app, calls.checkConfirmationLink, async (request) => checkLink(context, 'confirm', request.body.code));
  route(app, calls.checkResetLink, async (request) => checkLink(context, 'reset', request.body.code));

  route(app, calls.confirmAccount, async (request) =>
    setPasswordFromLink(context, 'confirm', request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  route(app, calls.resetPassword, async (request) =>
    setPasswordFromLink(context, 'reset', request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  /** Ends an impersonation: back to the admin's own identity with a fresh token. */
  route(app, calls.stopImpersonating, async (request) =>
    endImpersonation(context, requireAuth(request), request.ip, request.headers['user-agent']),
  );

  route(app, twoFactorCalls.startTwoFactor, async (request) =>
    startTwoFactor(context, { user: requireOwnSession(request).user, ip: request.ip }),
  );

  route(app, twoFactorCalls.enableTwoFactor, async (request) => {
    const recoveryCodes = await enableTwoFactor(context, { user: requireOwnSession(request).user, ip: request.ip }, request.body.pin_code);
    return { pin_ok: true as const, message: TWO_FACTOR_MESSAGES.enabled, recovery_codes: recoveryCodes };
  });

  route(app, twoFactorCalls.sendDisableTwoFactorCode, async (request) => {
    const { user } = requireOwnSession(request);
    await sendDisableTwoFactorCode(context, { user, ip: request.ip });
    return { success: true, message: `We emailed a confirmation code to ${user.email}.` };
  });

  route(app, twoFactorCalls.disableTwoFactor, async (request) => {
    await disableTwoFactor(context, { user: requireOwnSession(request).user, ip: request.ip }, request.body);
    return { success: true, message: TWO_FACTOR_MESSAGES.disabled };
  });

  route(app, twoFactorCalls.setTwoFactorPolicy, async (request) => {
    const auth = requireRole(request, ['account_admin']);
    const required = await setTwoFactorPolicy(
      context,
      { user: auth.user, ip: request.ip },
      request.params.accountId,
      request.body.require_two_factor,
    );
    return { require_two_factor: required };
  });
}

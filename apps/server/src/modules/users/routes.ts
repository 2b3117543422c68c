import { ACCOUNT_DELETION_MESSAGES, userCalls as calls, portalUserCalls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember, requireAuth, requireOwnSession, requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { impersonate } from './impersonation.ts';
import { keepPageSize, pageSizesOf } from './pagination.ts';
import { changePortalUserName, deletePortalUser } from './portal-user.ts';
import { changeEmail, changePassword, PROFILE_MESSAGES, requestEmailChangeCode, updateProfile } from './profile.ts';
import { reviewUrl, setReviewFlag } from './review.ts';

/** A user may change only themselves here; another id is a 404. */
function requireSelf(request: FastifyRequest & { params: { id: number } }) {
  const auth = requireAuth(request);
  if (auth.user.id !== request.params.id) throw notFound();
  return auth;
}

/** Themselves, signed in as themselves: password and email are not changed by an admin acting as the user. */
function requireSelfInOwnSession(request: FastifyRequest & { params: { id: number } }) {
  requireSelf(request);
  return requireOwnSession(request);
}

export function userRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.updateUser, async (request) => {
    const auth = requireSelf(request);
    const body = request.body;
    if ('review' in body) {
      await setReviewFlag(context, auth, body.review);
      return { success: true, review: body.review };
    }
    await updateProfile(context, auth, body);
    return { success: true, message: 'Success: Your account details have been updated.' };
  });

  // docs/product/send-wizard.md#calls names it under accounts; it lives here beside the review flag it goes with.
  route(app, calls.getReviewUrl, async (request) => {
    requireAccountMember(request);
    return reviewUrl(context);
  });

  route(app, calls.updatePassword, async (request) => {
    await changePassword(context, requireSelfInOwnSession(request), request.body, request.ip);
    return { success: true, message: PROFILE_MESSAGES.passwordUpdated };
  });

  route(app, calls.requestEmailConfirmationCode, async (request) => {
    await requestEmailChangeCode(context, requireSelfInOwnSession(request));
    return { success: true };
  });

  route(app, calls.updateEmail, async (request) => {
    const user = await changeEmail(context, requireSelfInOwnSession(request), request.body, request.ip);
    return { success: true, message: PROFILE_MESSAGES.emailChanged, user };
  });

  route(app, calls.getPagination, async (request) => pageSizesOf(requireAuth(request).user.pagination));

  route(app, calls.setPagination, async (request) => keepPageSize(context, requireAuth(request).user, request.body));

  route(app, calls.impersonateUser, async (request) =>
    impersonate(context, requireRole(request, ['global_admin']), request.params.id, 'any', request.ip),
  );

  route(app, portalUserCalls.deletePortalUser, async (request) => {
    await deletePortalUser(context, requireAuth(request), request.ip);
    return { success: true, message: ACCOUNT_DELETION_MESSAGES.portalDeleted };
  });

  route(app, portalUserCalls.changePortalUserName, async (request) => {
    await changePortalUserName(context, requireAuth(request), request.body);
    return { success: true, message: ACCOUNT_DELETION_MESSAGES.nameUpdated };
  });

  route(app, calls.impersonateAccountUser, async (request) =>
    impersonate(context, requireRole(request, ['account_admin']), request.params.id, 'own-account', request.ip),
  );
}

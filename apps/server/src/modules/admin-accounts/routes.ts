import { adminAccountCalls as calls, ADMIN_ACCOUNT_MESSAGES as M } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { requestAccountDeletion } from '../accounts/index.ts';
import { type Actor, banAccount, changeUserPassword, confirmUser, resetFreeTrial, setNotifyDays, setRecipientsNoLogin } from './actions.ts';
import { accountHistory } from './history.ts';
import { filterAccounts, pickAccounts } from './listing.ts';
import { emailAccounts } from './mail.ts';

/**
 * Super-admins only. A super-admin acting as someone else acts with that user's role, so an
 * impersonating session is refused here like any other non-super-admin.
 */
function superAdmin(request: FastifyRequest): Actor & { email: string } {
  const { user } = requireRole(request, ['global_admin']);
  return { id: user.id, email: user.email, accountId: user.account_id, ip: request.ip };
}

/** The accounts console (docs/product/super-admin.md#screens "Admin user accounts", docs/product/super-admin.md#calls Super-admin); its billing calls are in the billing module's routes. */
export function adminAccountRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.filterAccounts, async (request) => {
    superAdmin(request);
    return filterAccounts(context, request.query);
  });

  route(app, calls.superadminAccounts, async (request) => {
    superAdmin(request);
    return { accounts: await pickAccounts(context, request.query.like, request.query.limit) };
  });

  route(app, calls.accountAuditHistory, async (request) => {
    superAdmin(request);
    return accountHistory(context, request.params.id, request.query);
  });

  route(app, calls.updateAccountNotifys, async (request) => {
    const notify_days = await setNotifyDays(context, superAdmin(request), request.params.id, request.body.notify_days);
    return { success: true, message: M.notifyUpdated, notify_days };
  });

  route(app, calls.setRecipientsNoLogin, async (request) => {
    const { account_id, recipients_no_login } = request.body;
    await setRecipientsNoLogin(context, superAdmin(request), account_id, recipients_no_login);
    return { success: true, message: recipients_no_login ? M.recipientsNoLoginOn : M.recipientsNoLoginOff };
  });

  route(app, calls.sendEmailAccounts, async (request) => {
    const queued = await emailAccounts(context, superAdmin(request), request.body);
    return { success: true, message: M.emailQueued(queued), queued };
  });

  route(app, calls.resetFreeTrial, async (request) => {
    await resetFreeTrial(context, superAdmin(request), request.body.account_id);
    return { success: true, message: M.trialReset };
  });

  route(app, calls.adminDeleteAccount, async (request) => {
    const actor = superAdmin(request);
    if (actor.accountId === request.body.account_id) throw badRequest(M.ownAccount);
    await requestAccountDeletion(context, {
      accountId: request.body.account_id,
      requestedBy: { id: actor.id, email: actor.email },
      ip: actor.ip,
    });
    return { success: true, message: M.deletionRequested };
  });

  route(app, calls.banAccount, async (request) => {
    await banAccount(context, superAdmin(request), request.body.account_id, request.body.ban);
    return { success: true, message: request.body.ban ? M.banned : M.unbanned };
  });

  route(app, calls.adminChangePassword, async (request) => {
    await changeUserPassword(context, superAdmin(request), request.params.id, request.body.password);
    return { success: true, message: M.passwordChanged };
  });

  route(app, calls.confirmUser, async (request) => {
    await confirmUser(context, superAdmin(request), request.body.user_id);
    return { success: true, message: M.userConfirmed };
  });
}

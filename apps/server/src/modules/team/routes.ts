import { teamCalls as calls, TEAM_MESSAGES } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { requireTeamAdmin } from './access.ts';
import { resendInvitation } from './invitation.ts';
import { addAccountUser, deleteAccountUser, listAccountUsers, setActive, updateAccountUser } from './service.ts';
import { transferProjects, userProjects } from './transfer.ts';

export function teamRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listAccountUsers, async (request) => listAccountUsers(context, requireAuth(request), request.params.id, request.query));

  route(app, calls.addAccountUser, async (request) => {
    const user = await addAccountUser(context, requireTeamAdmin(request), request.body.user, request.ip);
    return { success: true, message: TEAM_MESSAGES.added, user };
  });

  route(app, calls.updateAccountUser, async (request) => {
    const user = await updateAccountUser(context, requireTeamAdmin(request), request.params.id, request.body.user, request.ip);
    return { success: true, message: TEAM_MESSAGES.updated, user };
  });

  route(app, calls.deleteAccountUser, async (request) => {
    await deleteAccountUser(context, requireTeamAdmin(request), request.params.id, request.ip);
    return { success: true, message: TEAM_MESSAGES.deleted };
  });

  route(app, calls.resendInvitation, async (request) => {
    await resendInvitation(context, requireTeamAdmin(request), request.params.id, request.ip);
    return { success: true, message: TEAM_MESSAGES.invitationSent };
  });

  route(app, calls.toggleActive, async (request) => {
    const user = await setActive(context, requireTeamAdmin(request), request.body.user_id, request.body.active, request.ip);
    return { success: true, message: TEAM_MESSAGES.updated, user };
  });

  route(app, calls.userProjects, async (request) => ({
    data: await userProjects(context, requireTeamAdmin(request), request.query.user_email),
  }));

  route(app, calls.transferProjects, async (request) => {
    await transferProjects(context, requireTeamAdmin(request), request.body, request.ip);
    return { success: true, message: TEAM_MESSAGES.transferred };
  });
}

import { projectAdminCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { presentAdminProject } from './presenter.ts';
import { type Actor, listAdminProjects, PROJECT_ADMIN_MESSAGES, recoverProject, updateResendLimit } from './superadmin.ts';

/** The super-admin signed in, as the actor of an audited change; anyone else gets 403. */
export const superAdmin = (request: FastifyRequest): Actor => ({ id: requireRole(request, ['global_admin']).user.id, ip: request.ip });

/** Projects logs and resend attempts (docs/product/super-admin.md#calls "Super-admin"). Deleting for good is `DELETE projects/{id}?permanently=1`. */
export function projectAdminRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listAdminProjects, async (request) => {
    superAdmin(request);
    const { rows, count } = await listAdminProjects(context, request.query);
    return { projects: rows.map(presentAdminProject), count };
  });

  route(app, calls.updateResendAttempts, async (request) => {
    const row = await updateResendLimit(context, superAdmin(request), request.body.project_id, request.body.resend_attempts);
    return { success: true, message: PROJECT_ADMIN_MESSAGES.attemptsSaved, project: presentAdminProject(row) };
  });

  route(app, calls.recoverProject, async (request) => {
    const row = await recoverProject(context, superAdmin(request), request.params.id);
    return { success: true, message: PROJECT_ADMIN_MESSAGES.recovered, project: presentAdminProject(row) };
  });
}

import { projectCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { presentProject, presentProjectEmail, presentRecipient } from './presenter.ts';
import { previewProjectEmail, updateProjectEmail } from './project-email.ts';
import { listProjectIndex, refreshProjectHistory } from './project-index.ts';
import {
  addRecipients,
  createProject,
  deleteProject,
  findProject,
  listProjects,
  listRecipients,
  projectCounters,
  spec3Counters,
  updateProjectMemo,
} from './service.ts';
import { deleteProjectForever, PROJECT_ADMIN_MESSAGES } from './superadmin.ts';
import { projectAdminRoutes, superAdmin } from './superadmin-routes.ts';

/** A recipient list holds up to 50,000 rows. */
const LIST_BODY_LIMIT = 30 * 1024 * 1024;

/** Projects of the send wizard and the store, and a project's own email (docs/product/store.md#calls, docs/product/email-editor.md#editor-modes). */
export function projectRoutes(app: FastifyInstance, context: AppContext): void {
  const withCounters = async (project: Parameters<typeof presentProject>[0]) =>
    presentProject(project, await projectCounters(context, project.id));

  route(
    app,
    calls.createProject,
    async (request) => withCounters(await createProject(context, requireAccountMember(request), request.body)),
    { bodyLimit: LIST_BODY_LIMIT },
  );

  route(app, calls.getProject, async (request) =>
    withCounters(await findProject(context, requireAccountMember(request), request.params.id)),
  );

  route(app, calls.listRecipients, async (request) => {
    const { rows, count } = await listRecipients(context, requireAccountMember(request), request.query);
    return { recipients: rows.map(presentRecipient), count };
  });

  route(app, calls.listProjects, async (request) => {
    const { rows, count } = await listProjects(context, requireAccountMember(request), request.query);
    return { projects: rows.map((row) => presentProject(row.project, spec3Counters(row.counters))), count };
  });

  route(app, calls.updateProjectMemo, async (request) => {
    const project = await updateProjectMemo(context, requireAccountMember(request), request.params.id, request.body);
    return { success: true, message: 'Memo saved', project: await withCounters(project) };
  });

  route(
    app,
    calls.addRecipients,
    async (request) => {
      const { project, added } = await addRecipients(context, requireAccountMember(request), request.params.id, request.body.recipients);
      return { success: true, added, message: 'Recipient added', project: await withCounters(project) };
    },
    { bodyLimit: LIST_BODY_LIMIT },
  );

  /** `permanently=1` is the super-admin's projects log removing a deleted project for good; anyone else gets 403. */
  route(app, calls.deleteProject, async (request) => {
    if (request.query.permanently) {
      await deleteProjectForever(context, superAdmin(request), request.params.id);
      return { success: true, message: PROJECT_ADMIN_MESSAGES.deletedForever };
    }
    await deleteProject(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Record deleted' };
  });

  route(app, calls.listProjectIndex, async (request) => ({
    projects: await listProjectIndex(context, requireAccountMember(request), request.query),
  }));

  route(app, calls.refreshProjectHistory, async (request) =>
    withCounters(await refreshProjectHistory(context, requireAccountMember(request), request.params.id)),
  );

  route(app, calls.getProjectEmail, async (request) =>
    presentProjectEmail(await findProject(context, requireAccountMember(request), request.params.id)),
  );

  route(app, calls.updateProjectEmail, async (request) =>
    presentProjectEmail(await updateProjectEmail(context, requireAccountMember(request), request.params.id, request.body)),
  );

  projectAdminRoutes(app, context);

  route(app, calls.previewProjectEmail, async (request) =>
    previewProjectEmail(context, requireAccountMember(request), request.params.id, request.body),
  );
}

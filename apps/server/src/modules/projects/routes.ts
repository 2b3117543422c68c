import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { presentProject, presentRecipient } from './presenter.ts';
import {
  addRecipients,
  createProject,
  deleteProject,
  findProject,
  listProjects,
  listRecipients,
  projectCounters,
  updateProjectMemo,
} from './service.ts';

const recipientRows = z
  .array(z.record(z.string().max(100), z.string().max(2_000)))
  .min(1, 'Add at least one recipient.')
  .max(50_000);
const projectBody = z.object({
  title: z.string().trim().min(1, 'Project title is required.').max(200),
  key: z.string().trim().max(2_000).optional(),
  certificate_id: z.number().int().positive(),
  filename: z.string().max(255).nullable().optional(),
  mapping: z
    .record(z.string().max(2_000), z.string().max(100))
    .refine((columns) => Object.keys(columns).length <= 100, 'At most 100 columns can be imported.')
    .optional(),
  recipients: recipientRows,
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Projects of the send wizard and the store (spec 3 §7). */
export function projectRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  r.post('/api/projects', { schema: { tags, body: projectBody }, bodyLimit: 30 * 1024 * 1024 }, async (request) => {
    const project = await createProject(context, requireAccountMember(request), request.body);
    return presentProject(project, await projectCounters(context, project.id));
  });

  r.get('/api/projects/:id', { schema: { tags, params: idParams } }, async (request) => {
    const project = await findProject(context, requireAccountMember(request), request.params.id);
    return presentProject(project, await projectCounters(context, project.id));
  });

  r.get(
    '/api/recipients',
    {
      schema: {
        tags,
        querystring: z.object({
          project_id: z.coerce.number().int().positive(),
          limit: z.coerce.number().int().min(1).max(100).default(10),
          offset: z.coerce.number().int().min(0).default(0),
          like: z.string().trim().max(200).optional(),
          sort: z.enum(['last_name', 'first_name', 'email', 'newest']).default('last_name'),
        }),
      },
    },
    async (request) => {
      const { rows, count } = await listRecipients(context, requireAccountMember(request), request.query);
      return { recipients: rows.map(presentRecipient), count };
    },
  );

  r.get(
    '/api/projects',
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(10),
          offset: z.coerce.number().int().min(0).default(0),
          like: z.string().trim().max(200).optional(),
          sort: z.enum(['id', 'newest', 'title']).default('id'),
        }),
      },
    },
    async (request) => {
      const { rows, count } = await listProjects(context, requireAccountMember(request), request.query);
      const withCounters = await Promise.all(rows.map(async (p) => presentProject(p, await projectCounters(context, p.id))));
      return { projects: withCounters, count };
    },
  );

  r.post(
    '/api/projects/:id/update-memo',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ memo: z.string().trim().max(2_000).optional(), title: z.string().trim().min(1).max(200).optional() }),
      },
    },
    async (request) => {
      const project = await updateProjectMemo(context, requireAccountMember(request), request.params.id, request.body);
      return { success: true, message: 'Memo saved', project: presentProject(project, await projectCounters(context, project.id)) };
    },
  );

  r.post(
    '/api/projects/:id/add-recipients',
    { schema: { tags, params: idParams, body: z.object({ recipients: recipientRows }) }, bodyLimit: 30 * 1024 * 1024 },
    async (request) => {
      const { project, added } = await addRecipients(context, requireAccountMember(request), request.params.id, request.body.recipients);
      return {
        success: true,
        added,
        message: 'Recipient added',
        project: presentProject(project, await projectCounters(context, project.id)),
      };
    },
  );

  r.delete('/api/projects/:id', { schema: { tags, params: idParams } }, async (request) => {
    await deleteProject(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Record deleted' };
  });
}

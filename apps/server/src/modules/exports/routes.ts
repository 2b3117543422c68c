import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataExports } from '../../db/schema.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { hasValidSignature } from '../../http/signed-urls.ts';
import { attachmentDisposition } from '../files/attachments.ts';
import { findProject, isSubUser } from '../projects/service.ts';
import { assertOwnAccount } from '../store/scope.ts';
import { searchFilterSchema } from '../store/search.ts';
import { exportProjects, exportSearch, projectsRecipientsCount } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const exportType = z.enum(['csv', 'xlsx']).default('xlsx');
const email = z.string().trim().max(254).optional();
const projectIds = z.array(z.number().int().positive()).min(1, 'Select at least one project.').max(500);

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Exports of recipients to CSV or XLSX, delivered by a mailed link (spec 3 §7). */
export function exportRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exports'];

  r.get('/api/projects/:id/recipients-count', { schema: { tags, params: idParams } }, async (request) => ({
    recipients_count: await projectsRecipientsCount(context, requireAccountMember(request), [request.params.id]),
  }));

  r.post('/api/projects/bulk-recipients-count', { schema: { tags, body: z.object({ projects: projectIds }) } }, async (request) => ({
    recipients_count: await projectsRecipientsCount(context, requireAccountMember(request), request.body.projects),
  }));

  /** `project_title` is accepted for the spec's client; the file is named after the project as saved. */
  r.post(
    '/api/projects/run-export',
    {
      schema: {
        tags,
        body: z.object({
          project_id: z.number().int().positive(),
          project_title: z.string().max(200).optional(),
          export_type: exportType,
          email,
        }),
      },
    },
    async (request) => {
      const member = requireAccountMember(request);
      await findProject(context, member, request.body.project_id);
      return exportProjects(context, member, {
        projectIds: [request.body.project_id],
        export_type: request.body.export_type,
        email: request.body.email,
      });
    },
  );

  r.post(
    '/api/projects/run-export-bulk',
    { schema: { tags, body: z.object({ projectIds, export_type: exportType, email }) } },
    async (request) => exportProjects(context, requireAccountMember(request), request.body),
  );

  /** Exports the global search's query with the columns the issuer chose. */
  r.post(
    '/api/recipients/:accountId/account-recipients-alldata',
    {
      schema: {
        tags,
        params: z.object({ accountId: z.coerce.number().int().positive() }),
        body: z.object({
          filter: searchFilterSchema.default({}),
          columns: z.array(z.string().max(120)).max(60).default([]),
          export_type: exportType,
          email,
        }),
      },
    },
    async (request) => {
      const member = requireAccountMember(request);
      assertOwnAccount(member, request.params.accountId);
      return exportSearch(context, member, request.body);
    },
  );

  /**
   * The finished file: by the signed link mailed to the issuer (valid 7 days), or for a signed-in
   * member of the account that made it.
   */
  r.get(
    '/api/exports/:file',
    { schema: { tags, params: z.object({ file: z.string().regex(/^export-[A-Za-z0-9_-]{24}\.(csv|xlsx)$/) }) } },
    async (request, reply) => {
      const signed = hasValidSignature(context, request);
      const conditions = [eq(dataExports.file_key, request.params.file), eq(dataExports.status, 'done')];
      if (!signed) {
        const member = requireAccountMember(request);
        conditions.push(eq(dataExports.account_id, member.accountId));
        // A sub-user reaches only the exports they asked for.
        if (isSubUser(member)) conditions.push(eq(dataExports.user_id, member.user.id));
      }
      const [record] = await context.db
        .select()
        .from(dataExports)
        .where(and(...conditions));
      const bytes = record ? await context.files.get(record.file_key) : null;
      if (!record || !bytes) throw notFound('This export is no longer available. Please start it again from the Store.');
      const type = record.export_type as keyof typeof CONTENT_TYPES;
      const name = `${record.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Recipients'} - recipients.${type}`;
      return reply
        .type(CONTENT_TYPES[type])
        .header('content-disposition', attachmentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}

import { exportCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { hasValidSignature } from '../../http/signed-urls.ts';
import { assertOwnAccount } from '../store/index.ts';
import { exportProject, exportProjects, exportSearch, findExportFile, projectsRecipientsCount } from './service.ts';

/** Exports of recipients to CSV or XLSX, delivered by a mailed link (docs/product/store.md#calls). */
export function exportRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getProjectRecipientsCount, async (request) => ({
    recipients_count: await projectsRecipientsCount(context, requireAccountMember(request), [request.params.id]),
  }));

  route(app, calls.countProjectsRecipients, async (request) => ({
    recipients_count: await projectsRecipientsCount(context, requireAccountMember(request), request.body.projects),
  }));

  route(app, calls.exportProject, async (request) => exportProject(context, requireAccountMember(request), request.body));

  route(app, calls.exportProjects, async (request) => exportProjects(context, requireAccountMember(request), request.body));

  /** Exports the global search's query with the columns the issuer chose. */
  route(app, calls.exportSearchResults, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.accountId);
    return exportSearch(context, member, request.body);
  });

  /** The finished file: by the signed link mailed to the issuer (valid 7 days), or for a signed-in member of its account. */
  route(app, calls.downloadExport, async (request, reply) => {
    const member = hasValidSignature(context, request) ? null : requireAccountMember(request);
    const file = await findExportFile(context, member, request.params.file);
    reply.header('cache-control', 'private, no-store');
    if ('redirect' in file) return reply.redirect(file.redirect);
    return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.bytes);
  });
}

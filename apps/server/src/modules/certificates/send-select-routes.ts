import { sendSelectCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { presentSendSelect, recipientEmailPreview } from './send-select.ts';
import { listCertificateSets } from './service.ts';

/**
 * The send wizard's view of certificate sets (docs/product/account.md#calls: certificates/send_select/{accountId}):
 * the paged list with each set's thumbnail and the fields an import must fill, and the email a
 * previewed recipient would get.
 */
export function sendSelectRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listSendableCertificates, async (request) => {
    const member = requireAccountMember(request);
    // The path names the account; anyone else's is a 404 like every other tenant's row.
    if (request.params.accountId !== member.accountId) throw notFound();
    const { rows, count } = await listCertificateSets(context, member, request.query);
    return { certificates: rows.map((row) => presentSendSelect(context, row)), count };
  });

  route(app, calls.previewRecipientEmail, async (request) =>
    recipientEmailPreview(context, requireAccountMember(request), request.params.id, request.body),
  );
}

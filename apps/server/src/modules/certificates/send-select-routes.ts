import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { presentSendSelect, recipientEmailPreview } from './send-select.ts';
import { listCertificateSets } from './service.ts';

/**
 * The send wizard's view of certificate sets (spec 3 §7: certificates/send_select/{accountId}):
 * the paged list with each set's thumbnail and the fields an import must fill, and the email a
 * previewed recipient would get.
 */
export function sendSelectRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['send'];

  r.get(
    '/api/certificates/send_select/:accountId',
    {
      schema: {
        tags,
        params: z.object({ accountId: z.coerce.number().int().positive() }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(3),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
    },
    async (request) => {
      const member = requireAccountMember(request);
      // The path names the account; anyone else's is a 404 like every other tenant's row.
      if (request.params.accountId !== member.accountId) throw notFound();
      const { rows, count } = await listCertificateSets(context, member, request.query);
      return { certificates: rows.map((row) => presentSendSelect(context, row)), count };
    },
  );

  r.post(
    '/api/certificates/:id/recipient-email-preview',
    {
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({
          recipient: z.record(z.string().max(100), z.string().max(2_000)),
          sender_name: z.string().trim().max(100).optional(),
        }),
      },
    },
    async (request) => recipientEmailPreview(context, requireAccountMember(request), request.params.id, request.body),
  );
}

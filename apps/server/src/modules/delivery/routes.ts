import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { presentRecipient } from '../projects/presenter.ts';
import { projectProgress } from './progress.ts';
import { setRevoked } from './revocation.ts';
import { queueProjectSend } from './send.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const sendBody = z.object({
  sender_name: z.string().trim().max(100).optional(),
  /** Accepted for the spec's client; mail goes out from the account's sending identity. */
  sender_email: z.string().max(255).optional(),
  recipients: z.array(z.number().int().positive()).max(50_000).optional(),
  resend_never_logged_in: z.boolean().optional(),
  resend_failed: z.boolean().optional(),
  resend_individual: z.number().int().positive().optional(),
});

/** Sending, following and revoking, for the issuer (spec 3 §7). */
export function deliveryRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['send'];

  r.post('/api/projects/:id/send-emails', { schema: { tags, params: idParams, body: sendBody } }, async (request) =>
    queueProjectSend(context, requireAccountMember(request), request.params.id, request.body),
  );

  r.get('/api/projects/:id/progress', { schema: { tags, params: idParams } }, async (request) =>
    projectProgress(context, requireAccountMember(request), request.params.id),
  );

  r.post(
    '/api/recipients/:id/revoke',
    { schema: { tags, params: idParams, body: z.object({ reason: z.string().trim().max(300).optional() }).optional() } },
    async (request) => {
      const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, true, request.body?.reason);
      return { success: true, message: 'Certificate revoked', recipient: presentRecipient(recipient) };
    },
  );

  r.post('/api/recipients/:id/reinstate', { schema: { tags, params: idParams } }, async (request) => {
    const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, false);
    return { success: true, message: 'Certificate reinstated', recipient: presentRecipient(recipient) };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { requestCredits } from './credit-request.ts';

/** Members who cannot buy credits ask whoever can (spec 3 §7: accounts/send-credits-request). */
export function creditRequestRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/accounts/send-credits-request',
    {
      schema: { tags: ['send'], body: z.object({ requestedCredits: z.coerce.number().int().max(100_000).default(1) }) },
      // Each request mails people: a few a minute is plenty for a person and little use to a script.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => requestCredits(context, requireAccountMember(request), request.body.requestedCredits),
  );
}

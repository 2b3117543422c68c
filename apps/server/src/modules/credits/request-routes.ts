import { creditCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { requestCredits } from './credit-request.ts';

/** Members who cannot buy credits ask whoever can (docs/product/billing-and-credits.md#calls: accounts/send-credits-request). */
export function creditRequestRoutes(app: FastifyInstance, context: AppContext): void {
  route(
    app,
    calls.requestCredits,
    async (request) => requestCredits(context, requireAccountMember(request), request.body.requestedCredits),
    {
      // Each request mails people: a few a minute is plenty for a person and little use to a script.
      rateLimit: { max: 5, timeWindow: '1 minute' },
    },
  );
}

import { registrationCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { promoCodeCheck, promoCodesAllowed } from './promo.ts';
import { accountUrlAvailability, register } from './service.ts';

export function registrationRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.registerAccount, async (request) => register(context, request.body, request.auth?.user ?? null, request.ip), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });

  /** Availability of an account URL: `taken` is true when it cannot be used. */
  route(app, calls.checkAccountUrl, async (request) => accountUrlAvailability(context, request.body.url));

  route(app, calls.checkPromoCode, async (request) =>
    promoCodeCheck(context, request.query['promo-code'], request.query['type[]'] ?? request.query.type),
  );

  route(app, calls.getAllowPromoCodes, async () => ({ value: await promoCodesAllowed(context) }));
}

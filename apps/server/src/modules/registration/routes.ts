import { accountUrlProblem, registrationRequest, registrationUrlRequest } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { appSettings } from '../../db/schema.ts';
import { checkPromoCode, type PromoType } from './promo.ts';
import { isAccountUrlTaken, register } from './service.ts';

const promoTypes = z.enum(['default', 'first-time-registering', 'percentage']);

export function registrationRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];

  r.post(
    '/api/registration/account',
    { schema: { tags, body: registrationRequest }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => register(context, request.body, request.auth?.user ?? null, request.ip),
  );

  /** Availability of an account URL: `taken` is true when it cannot be used. */
  r.post('/api/registration/url', { schema: { tags, body: registrationUrlRequest } }, async (request) => {
    const problem = accountUrlProblem(request.body.url);
    const taken = problem !== null || (await isAccountUrlTaken(context, request.body.url));
    return { taken, problem };
  });

  r.get(
    '/api/promo-codes/check',
    {
      schema: {
        tags,
        querystring: z.object({
          'promo-code': z.string().max(100).default(''),
          'type[]': z.union([promoTypes, z.array(promoTypes)]).optional(),
          type: z.union([promoTypes, z.array(promoTypes)]).optional(),
        }),
      },
    },
    async (request) => {
      const raw = request.query['type[]'] ?? request.query.type ?? ['default', 'first-time-registering', 'percentage'];
      const types = (Array.isArray(raw) ? raw : [raw]) as PromoType[];
      const result = await checkPromoCode(context, request.query['promo-code'], types);
      return result.success
        ? { success: true, message: 'Promo Code applied.', type: result.promo.type, amount: result.promo.amount }
        : { success: false, message: result.message };
    },
  );

  r.get('/api/admin/settings/allow_promo_codes', { schema: { tags } }, async () => {
    const [row] = await context.db.select().from(appSettings).where(eq(appSettings.key, 'allow_promo_codes'));
    return { value: row ? row.value === true : true };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { presentPreferences } from './presenter.ts';
import { PREFERENCE_MESSAGES, readPreferences, updatePreferences } from './service.ts';

/** The same unguessable token as the recipient's certificate link (delivery/links.ts). */
const tokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** Public and unauthenticated: limited per address so that tokens cannot be tried in bulk. */
const rateLimit = { max: 30, timeWindow: '1 minute' };

/**
 * A recipient's email preferences for one issuer (the footer's "update preferences" link): public,
 * reached by the token of a certificate they were sent.
 */
export function preferenceRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['preferences'];

  r.get('/api/preferences/:token', { schema: { tags, params: tokenParams }, config: { rateLimit } }, async (request) =>
    presentPreferences(await readPreferences(context, request.params.token)),
  );

  r.post(
    '/api/preferences/:token',
    { schema: { tags, params: tokenParams, body: z.object({ subscribed: z.boolean() }) }, config: { rateLimit } },
    async (request) => {
      const preferences = await updatePreferences(context, request.params.token, request.body.subscribed);
      const message = request.body.subscribed
        ? PREFERENCE_MESSAGES.subscribed(preferences.accountName)
        : PREFERENCE_MESSAGES.unsubscribed(preferences.accountName);
      return { success: true, message, ...presentPreferences(preferences) };
    },
  );
}

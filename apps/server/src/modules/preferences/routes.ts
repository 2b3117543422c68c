import { preferenceCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { presentPreferences } from './presenter.ts';
import { PREFERENCE_MESSAGES, readPreferences, updatePreferences } from './service.ts';

/** Public and unauthenticated: limited per address so that tokens cannot be tried in bulk. */
const rateLimit = { max: 30, timeWindow: '1 minute' };

/**
 * A recipient's email preferences for one issuer (the footer's "update preferences" link): public,
 * reached by the token of a certificate they were sent.
 */
export function preferenceRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getEmailPreferences, async (request) => presentPreferences(await readPreferences(context, request.params.token)), {
    rateLimit,
  });

  route(
    app,
    calls.updateEmailPreferences,
    async (request) => {
      const preferences = await updatePreferences(context, request.params.token, request.body.subscribed);
      const message = request.body.subscribed
        ? PREFERENCE_MESSAGES.subscribed(preferences.accountName)
        : PREFERENCE_MESSAGES.unsubscribed(preferences.accountName);
      return { success: true, message, ...presentPreferences(preferences) };
    },
    { rateLimit },
  );
}

import { API_KEY_MESSAGES, apiKeyCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth, requireOwnSession } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { assertMayHoldKey, currentKey, issueKey, presentKey, revokeKey } from './service.ts';

/** A user's API key (docs/product/public-api.md#calls): read, made anew, revoked. Making and revoking are the user's own, never an acting admin's. */
export function apiKeyRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getApiKey, async (request) => {
    const { user } = requireAuth(request);
    assertMayHoldKey(user);
    const key = await currentKey(context, user);
    return { key: key ? presentKey(context, key) : null };
  });

  route(app, calls.retrieveApiKey, async (request) => {
    const { user } = requireOwnSession(request);
    const { secret, key } = await issueKey(context, user, request.ip);
    return { api_key: secret, api_key_updated: key.created_at.toISOString(), key: presentKey(context, key) };
  });

  route(app, calls.revokeApiKey, async (request) => {
    const { user } = requireOwnSession(request);
    assertMayHoldKey(user);
    await revokeKey(context, user, request.ip);
    return { success: true, message: API_KEY_MESSAGES.revoked };
  });
}

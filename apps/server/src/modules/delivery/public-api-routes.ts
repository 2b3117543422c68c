import { v1Calls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { presentV1Recipient, requireKey, v1Route } from '../public-api/index.ts';
import { setRevoked } from './revocation.ts';
import { queueProjectSend } from './send.ts';

/** The public API's sending and revoking (/v1): the app's own send and revocation, run as the key's user. */
export function deliveryV1Routes(v1: FastifyInstance, context: AppContext): void {
  v1Route(v1, calls.sendProject, async (request) => {
    const result = await queueProjectSend(context, requireKey(request).member, request.params.id, {
      sender_name: request.body.sender_name,
    });
    return { object: 'send' as const, project_id: request.params.id, queued: result.queued };
  });

  v1Route(v1, calls.revokeRecipient, async (request) =>
    presentV1Recipient(await setRevoked(context, requireKey(request).member, request.params.id, true, request.body.reason)),
  );
}

import { v1Calls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { findRecipient } from '../projects/index.ts';
import { LIST_BODY_LIMIT, presentV1Recipient, requireKey, V1Error, v1Route } from '../public-api/index.ts';
import { issueCredentials } from './issue-credentials.ts';
import { setRevoked } from './revocation.ts';
import { queueProjectSend, SEND_MESSAGES } from './send.ts';

/** The public API's issuing, sending and revoking (/v1): the app's own send and revocation, run as the key's user. */
export function deliveryV1Routes(v1: FastifyInstance, context: AppContext): void {
  v1Route(v1, calls.sendProject, async (request) => {
    const { member, key } = requireKey(request);
    const result = await queueProjectSend(
      context,
      member,
      request.params.id,
      { sender_name: request.body.sender_name },
      { ip: request.ip, apiKey: key.prefix },
    );
    return { object: 'send' as const, project_id: request.params.id, queued: result.queued };
  });

  v1Route(v1, calls.issueCredentials, async (request) => issueCredentials(context, requireKey(request), request.body, request.ip), {
    bodyLimit: LIST_BODY_LIMIT,
  });

  v1Route(v1, calls.reinstateRecipient, async (request) => {
    const { member, key } = requireKey(request);
    const reinstated = await setRevoked(context, member, request.params.id, false, undefined, { ip: request.ip, apiKey: key.prefix });
    return presentV1Recipient(reinstated, context.env.PUBLIC_URL);
  });

  v1Route(v1, calls.resendRecipient, async (request) => {
    const { member, key } = requireKey(request);
    const { recipient } = await findRecipient(context, member, request.params.id);
    try {
      await queueProjectSend(
        context,
        member,
        recipient.project_id,
        { resend_individual: recipient.id },
        { ip: request.ip, apiKey: key.prefix },
      );
    } catch (error) {
      // "Being sent right now" is a conflict an integrator retries, not a bad request.
      if (error instanceof AppError && error.message === SEND_MESSAGES.inFlight) throw new V1Error(409, 'conflict', error.message);
      throw error;
    }
    return presentV1Recipient((await findRecipient(context, member, recipient.id)).recipient, context.env.PUBLIC_URL);
  });

  v1Route(v1, calls.revokeRecipient, async (request) => {
    const { member, key } = requireKey(request);
    const revoked = await setRevoked(context, member, request.params.id, true, request.body.reason, { ip: request.ip, apiKey: key.prefix });
    return presentV1Recipient(revoked, context.env.PUBLIC_URL);
  });
}

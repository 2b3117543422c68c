import { deliveryCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { presentRecipient } from '../projects/index.ts';
import { projectProgress } from './progress.ts';
import { setRevoked } from './revocation.ts';
import { queueProjectSend } from './send.ts';

/** Sending, following and revoking, for the issuer (spec 3 §7). */
export function deliveryRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.sendProjectEmails, async (request) =>
    queueProjectSend(context, requireAccountMember(request), request.params.id, request.body),
  );

  route(app, calls.getProjectProgress, async (request) => projectProgress(context, requireAccountMember(request), request.params.id));

  route(app, calls.revokeRecipient, async (request) => {
    const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, true, request.body?.reason);
    return { success: true, message: 'Certificate revoked', recipient: presentRecipient(recipient) };
  });

  route(app, calls.reinstateRecipient, async (request) => {
    const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, false);
    return { success: true, message: 'Certificate reinstated', recipient: presentRecipient(recipient) };
  });
}

import { deliveryCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { findRecipient, presentRecipient } from '../projects/index.ts';
import { projectProgress } from './progress.ts';
import { setRevoked } from './revocation.ts';
import { queueProjectSend } from './send.ts';

/** Sending, following and revoking, for the issuer (docs/product/delivery.md#calls). */
export function deliveryRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.sendProjectEmails, async (request) =>
    queueProjectSend(context, requireAccountMember(request), request.params.id, request.body, { ip: request.ip }),
  );

  /** Re-emails one recipient through the send path: a first send if never sent, else an individual resend and its limit. */
  route(app, calls.emailRecipient, async (request) => {
    const member = requireAccountMember(request);
    const { recipient } = await findRecipient(context, member, request.params.id);
    const sender_name = request.body?.sender_name;
    const result = await queueProjectSend(
      context,
      member,
      recipient.project_id,
      recipient.state === 'draft' ? { sender_name, recipients: [recipient.id] } : { sender_name, resend_individual: recipient.id },
      { ip: request.ip },
    );
    return result.queued ? { ...result, message: 'Email sent.' } : result;
  });

  route(app, calls.getProjectProgress, async (request) => projectProgress(context, requireAccountMember(request), request.params.id));

  route(app, calls.revokeRecipient, async (request) => {
    const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, true, request.body?.reason, {
      ip: request.ip,
    });
    return { success: true, message: 'Certificate revoked', recipient: presentRecipient(recipient) };
  });

  route(app, calls.reinstateRecipient, async (request) => {
    const recipient = await setRevoked(context, requireAccountMember(request), request.params.id, false, undefined, { ip: request.ip });
    return { success: true, message: 'Certificate reinstated', recipient: presentRecipient(recipient) };
  });
}

// Sends and revocations in the audit log, which the super-admin's activity screen reads (docs/product/super-admin.md#activity).
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Member } from '../certificates/index.ts';
import { audit } from '../system/index.ts';

/** Where a send or a revocation came from: the client's address, and the API key's visible prefix when one was used. */
export interface Origin {
  ip: string;
  apiKey?: string;
}

/** The member who acted, and the super-admin behind them while one acts as them. */
const people = (member: Member) => ({
  userId: member.user.id,
  accountId: member.accountId,
  actorId: member.session.impersonator_id ?? member.user.id,
});

const via = (origin: Origin | undefined) => (origin?.apiKey ? { api_key: origin.apiKey } : {});

/** One entry per send, whatever its size, in the send's transaction. */
export async function auditSend(
  context: AppContext,
  tx: Db,
  member: Member,
  origin: Origin | undefined,
  send: { project: { id: number; title: string }; queued: number; resend: 'recipient' | 'failed' | 'unopened' | null; to?: string },
): Promise<void> {
  await audit(
    context,
    {
      action: send.resend ? 'certificates.resent' : 'certificates.sent',
      ...people(member),
      ip: origin?.ip,
      details: {
        project_id: send.project.id,
        project: send.project.title,
        queued: send.queued,
        ...(send.resend ? { resend: send.resend } : {}),
        ...(send.to ? { to: send.to } : {}),
        ...via(origin),
      },
    },
    tx,
  );
}

/** A certificate revoked or reinstated, in the transaction that changes it. */
export async function auditRevocation(
  context: AppContext,
  tx: Db,
  member: Member,
  origin: Origin | undefined,
  change: {
    revoked: boolean;
    recipient: { id: number; project_id: number; email: string; certificate_number: string };
    reason: string | null;
  },
): Promise<void> {
  const { recipient } = change;
  await audit(
    context,
    {
      action: change.revoked ? 'certificate.revoked' : 'certificate.reinstated',
      ...people(member),
      ip: origin?.ip,
      details: {
        recipient_id: recipient.id,
        project_id: recipient.project_id,
        to: recipient.email,
        certificate_number: recipient.certificate_number,
        ...(change.reason ? { reason: change.reason } : {}),
        ...via(origin),
      },
    },
    tx,
  );
}

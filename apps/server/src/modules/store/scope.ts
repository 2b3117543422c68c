import { canSend } from '@laurel/domain';
import { accessUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Member } from '../certificates/index.ts';

/** Routes that name the account in their path (`recipients/{accountId}/…`): any other account is a 404. */
export function assertOwnAccount(member: Member, accountId: number): void {
  if (member.accountId !== accountId) throw notFound();
}

/** Changing recipients is part of sending: a sub-user who may not send may only look. */
export function assertMayChangeRecipients(member: Member): void {
  if (!canSend(accessUser(member.user))) throw forbidden();
}

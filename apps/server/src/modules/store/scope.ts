import { notFound } from '../../http/errors.ts';
import type { Member } from '../certificates/index.ts';

/** Routes that name the account in their path (`recipients/{accountId}/…`): any other account is a 404. */
export function assertOwnAccount(member: Member, accountId: number): void {
  if (member.accountId !== accountId) throw notFound();
}

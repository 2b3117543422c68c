import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { canSend } from '@laurel/domain';
import { projects } from '../../db/schema.ts';
import { accessUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Member } from '../certificates/service.ts';

/** Whose view of the store a query takes: a signed-in member, or the member an export job runs for. */
export type Viewer = Pick<Member, 'accountId' | 'user'>;

export const isSubUser = (viewer: Viewer) => viewer.user.roles[0] === 'account_user';

/**
 * The projects a member may see in the store: live projects of their account and, for a sub-user
 * not allowed everyone's projects, only their own (spec 3 §6). The same rule as `findProject`, for
 * queries that read many projects' recipients at once.
 */
export function visibleProjectsOf(viewer: Viewer): SQL {
  const conditions = [eq(projects.account_id, viewer.accountId), isNull(projects.deleted_at)];
  if (isSubUser(viewer) && !viewer.user.allow_all_users_projects) conditions.push(eq(projects.user_id, viewer.user.id));
  return and(...conditions)!;
}

/** Routes that name the account in their path (`recipients/{accountId}/…`): any other account is a 404. */
export function assertOwnAccount(member: Member, accountId: number): void {
  if (member.accountId !== accountId) throw notFound();
}

/** Changing recipients is part of sending: a sub-user who may not send may only look. */
export function assertMayChangeRecipients(member: Member): void {
  if (!canSend(accessUser(member.user))) throw forbidden();
}

import { ACCOUNT_MESSAGES, primaryRole } from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { accessUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from '../auth/index.ts';

/**
 * The account a user asks about, if they may: its members read it, its admins change it, super-admins
 * do both for any account. Another tenant's id is a 404 before any role is weighed, so a sub-user
 * learns nothing of accounts that are not theirs; their own account's change is a 403 that says why.
 */
export async function accountFor(context: AppContext, user: UserRow, accountId: number, intent: 'read' | 'change') {
  const role = primaryRole(accessUser(user));
  if (role !== 'global_admin' && (role === null || user.account_id !== accountId)) throw notFound();
  const [account] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at)));
  if (!account) throw notFound();
  if (intent === 'change' && role === 'account_user') throw forbidden(ACCOUNT_MESSAGES.adminsOnly);
  return account;
}

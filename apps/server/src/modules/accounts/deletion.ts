import { ACCOUNT_DELETION_MESSAGES, type AccountDeletionSummary } from '@laurel/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accountDeletions, accounts, certificateSets, projectCounters, projects, sessions, users } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Executor } from '../../jobs/queue.ts';
import { confirmPassword } from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { accountDeletionJob } from './deletion-job.ts';

/** Who asked for a deletion: the account's own admin, or (later) a super-admin acting on it. */
export interface DeletionRequest {
  accountId: number;
  requestedBy: { id: number; email: string };
  ip: string;
}

/**
 * Closes an account at once and leaves the removal of its data to the `account.delete` job. In one
 * transaction: the account is marked deleted (from then on its users cannot sign in, its portal is gone
 * and its certificate links say the certificates were withdrawn), every session of its users ends, the
 * deletion record is written and the job is queued. An account already deleted is a 404.
 */
export async function requestAccountDeletion(context: AppContext, request: DeletionRequest): Promise<number> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ deleted_at: now, updated_at: now })
      .where(and(eq(accounts.id, request.accountId), isNull(accounts.deleted_at)))
      .returning({ id: accounts.id, name: accounts.name, url: accounts.url });
    if (!account) throw notFound();
    const [deletion] = await tx
      .insert(accountDeletions)
      .values({
        account_id: account.id,
        account_name: account.name,
        account_url: account.url,
        requested_by_user_id: request.requestedBy.id,
        requested_by_email: request.requestedBy.email,
        ip: request.ip,
        requested_at: now,
      })
      .returning({ id: accountDeletions.id });
    await endSessionsOfAccount(tx as Db, account.id, now);
    await audit(
      context,
      {
        action: 'account.deletion_requested',
        accountId: account.id,
        userId: request.requestedBy.id,
        ip: request.ip,
        details: { deletion_id: deletion!.id, name: account.name, url: account.url, email: request.requestedBy.email },
      },
      tx as Db,
    );
    await context.queue.enqueue(
      accountDeletionJob,
      { deletionId: deletion!.id },
      { tx: tx as Executor, key: `account-delete:${account.id}` },
    );
    return deletion!.id;
  });
}

async function endSessionsOfAccount(tx: Db, accountId: number, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        isNull(sessions.revoked_at),
        inArray(sessions.user_id, tx.select({ id: users.id }).from(users).where(eq(users.account_id, accountId))),
      ),
    );
}

/** Only the account's own admin deletes it from the account screens; another account's id is a 404. */
function assertOwnAccount(auth: Auth, accountId: number): void {
  if (auth.user.account_id !== accountId) throw notFound();
}

/** `DELETE /api/accounts/{id}`: the admin's password again (five wrong ones in 15 minutes, then 429), then the deletion. */
export async function deleteOwnAccount(context: AppContext, auth: Auth, accountId: number, password: string, ip: string): Promise<void> {
  assertOwnAccount(auth, accountId);
  if (!(await confirmPassword(context, auth.user, password)))
    throw forbidden(ACCOUNT_DELETION_MESSAGES.wrongPassword, { error_type: 'wrong_password' });
  await requestAccountDeletion(context, { accountId, requestedBy: { id: auth.user.id, email: auth.user.email }, ip });
}

/** What deleting the account would remove, for the confirmation screen. */
export async function accountDeletionSummary(context: AppContext, auth: Auth, accountId: number): Promise<AccountDeletionSummary> {
  assertOwnAccount(auth, accountId);
  const count = sql<number>`count(*)::int`;
  const [[sets], [projectTotals], [userTotals]] = await Promise.all([
    context.db
      .select({ count })
      .from(certificateSets)
      .where(and(eq(certificateSets.account_id, accountId), isNull(certificateSets.deleted_at))),
    // The counters kept per project spare counting every recipient of a large account.
    context.db
      .select({ projects: count, recipients: sql<number>`coalesce(sum(${projectCounters.recipients}), 0)::int` })
      .from(projects)
      .leftJoin(projectCounters, eq(projectCounters.project_id, projects.id))
      .where(eq(projects.account_id, accountId)),
    context.db.select({ count }).from(users).where(eq(users.account_id, accountId)),
  ]);
  return {
    sets: sets?.count ?? 0,
    projects: projectTotals?.projects ?? 0,
    recipients: projectTotals?.recipients ?? 0,
    users: userTotals?.count ?? 0,
  };
}

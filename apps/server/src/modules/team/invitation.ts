import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, type users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { invitationMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { issueCode } from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { assertPlanAllows, findSubUser, lockAccount, type TeamAdmin } from './access.ts';

type UserRow = typeof users.$inferSelect;

const displayName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * Mails a sub-user the link that sets their first password: the confirm link of registration (7 days,
 * 256 random bits, one use), so the same screen (/user/confirm/{code}) and code serve both. A new
 * invitation ends the one sent before.
 */
export async function sendInvitation(context: AppContext, tx: Db, admin: TeamAdmin, user: UserRow): Promise<void> {
  const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, admin.accountId));
  const code = await issueCode(context, tx, user.id, 'confirm');
  const mail = invitationMail({
    firstName: user.first_name,
    inviterName: displayName(admin.user),
    accountName: account?.name ?? '',
    url: `${context.env.PUBLIC_URL}/user/confirm/${code}`,
  });
  await queueMail(context, tx, { ...mail, to: user.email, accountId: admin.accountId });
}

/** Sends the invitation again, for a user who has not set a password yet. */
export async function resendInvitation(context: AppContext, admin: TeamAdmin, userId: number, ip: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    assertPlanAllows(await lockAccount(tx as Db, admin.accountId), context.clock.now());
    const user = await findSubUser(tx as Db, admin.accountId, userId);
    if (user.password_hash) throw badRequest('This user has already set a password.');
    await sendInvitation(context, tx as Db, admin, user);
    await audit(
      context,
      { action: 'team.invitation_resent', userId: user.id, accountId: admin.accountId, actorId: admin.user.id, ip },
      tx as Db,
    );
  });
}

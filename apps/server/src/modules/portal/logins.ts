import { confirmPasswordProblem, PORTAL_MESSAGES, type PortalLogin } from '@laurel/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { projects, recipients, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { hashPassword, revokeUserSessions, serverPasswordProblem } from '../auth/index.ts';
import { findRecipient } from '../projects/index.ts';
import { audit } from '../system/index.ts';

/** An account admin acting on the portal sign-ins of the account's recipients. */
export interface IssuerAdmin {
  user: { id: number };
  accountId: number;
  ip: string;
}

const loginNotFound = () => notFound(PORTAL_MESSAGES.loginNotFound, { error_type: 'not_found' });

/**
 * The portal user an admin may act on: a sign-in without roles whose address received something from the
 * admin's account. Anyone else (another tenant's recipient, an issuer's own sign-in) is a 404, so an
 * admin learns nothing about sign-ins outside their account and cannot touch another issuer's login.
 */
async function recipientUser(context: AppContext, admin: IssuerAdmin, userId: number) {
  const [found] = await context.db
    .select({ id: users.id, email: users.email, confirmed_at: users.confirmed_at })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`cardinality(${users.roles}) = 0`,
        sql`exists (select 1 from ${recipients} inner join ${projects} on ${projects.id} = ${recipients.project_id}
          where ${recipients.account_id} = ${admin.accountId} and ${recipients.email} = ${users.email} and ${projects.deleted_at} is null)`,
      ),
    );
  if (!found) throw loginNotFound();
  return found;
}

/** Whether a recipient's address has a portal sign-in (only a sign-in without roles counts as one). */
export async function portalLoginOf(
  context: AppContext,
  member: Parameters<typeof findRecipient>[1],
  recipientId: number,
): Promise<PortalLogin> {
  const { recipient } = await findRecipient(context, member, recipientId);
  const [user] = await context.db
    .select({ id: users.id, email: users.email, confirmed_at: users.confirmed_at })
    .from(users)
    .where(and(eq(users.email, recipient.email), sql`cardinality(${users.roles}) = 0`));
  return { user: user ? { id: user.id, email: user.email, confirmed: user.confirmed_at !== null } : null };
}

export async function setRecipientPassword(
  context: AppContext,
  admin: IssuerAdmin,
  userId: number,
  input: { password: string; password_confirmation: string },
): Promise<void> {
  const user = await recipientUser(context, admin, userId);
  const problem = (await serverPasswordProblem(input.password)) ?? confirmPasswordProblem(input.password, input.password_confirmation);
  if (problem) throw badRequest(problem, { error_type: 'password', field: 'password' });
  const hash = await hashPassword(input.password);
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, updated_at: context.clock.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(context, tx as Db, user.id);
    await audit(
      context,
      { action: 'portal_user.password_set_by_issuer', userId: user.id, accountId: admin.accountId, actorId: admin.user.id, ip: admin.ip },
      tx as Db,
    );
  });
}

export async function confirmRecipientUser(context: AppContext, admin: IssuerAdmin, userId: number): Promise<void> {
  const user = await recipientUser(context, admin, userId);
  const now = context.clock.now();
  await context.db
    .update(users)
    .set({ confirmed_at: now, updated_at: now })
    .where(and(eq(users.id, user.id), isNull(users.confirmed_at)));
  await audit(context, {
    action: 'portal_user.confirmed_by_issuer',
    userId: user.id,
    accountId: admin.accountId,
    actorId: admin.user.id,
    ip: admin.ip,
  });
}

/** Deletes the sign-in only (sessions and codes go with it); certificates stay with the issuers. */
export async function deleteRecipientUser(context: AppContext, admin: IssuerAdmin, userId: number): Promise<void> {
  const user = await recipientUser(context, admin, userId);
  await context.db.transaction(async (tx) => {
    const removed = await tx
      .delete(users)
      .where(and(eq(users.id, user.id), sql`cardinality(${users.roles}) = 0`))
      .returning({ id: users.id });
    if (!removed.length) throw loginNotFound();
    await audit(
      context,
      {
        action: 'portal_user.deleted_by_issuer',
        userId: user.id,
        accountId: admin.accountId,
        actorId: admin.user.id,
        ip: admin.ip,
        details: { email: user.email },
      },
      tx as Db,
    );
  });
}

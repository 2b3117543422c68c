import type { TeamProject } from '@laurel/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { assertPlanAllows, findAccount, findAccountUser, lockAccount, type TeamAdmin } from './access.ts';

/** The live projects a user of the admin's account made, newest first; an address outside it is a 404. */
export async function userProjects(context: AppContext, admin: TeamAdmin, email: string): Promise<TeamProject[]> {
  assertPlanAllows(await findAccount(context.db, admin.accountId), context.clock.now());
  const user = await findAccountUser(context.db, admin.accountId, { email });
  const rows = await context.db
    .select({ id: projects.id, title: projects.title, created_at: projects.created_at })
    .from(projects)
    .where(and(eq(projects.account_id, admin.accountId), eq(projects.user_id, user.id), isNull(projects.deleted_at)))
    .orderBy(desc(projects.created_at), desc(projects.id));
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/**
 * Gives the named projects of one user to another, both of the admin's account. Every named project must
 * be the source user's: otherwise nothing moves.
 */
export async function transferProjects(
  context: AppContext,
  admin: TeamAdmin,
  input: { source_user: number; target_user: number; projects: number[] },
  ip: string,
): Promise<number> {
  return context.db.transaction(async (tx) => {
    const account = await lockAccount(tx as Db, admin.accountId);
    assertPlanAllows(account, context.clock.now());
    const source = await findAccountUser(tx as Db, account.id, { id: input.source_user });
    const target = await findAccountUser(tx as Db, account.id, { id: input.target_user });
    if (source.id === target.id) throw badRequest('Choose another user to receive the projects.', { field: 'target_user' });
    const ids = [...new Set(input.projects)];
    const moved = await tx
      .update(projects)
      .set({ user_id: target.id, updated_at: context.clock.now() })
      .where(
        and(eq(projects.account_id, account.id), eq(projects.user_id, source.id), isNull(projects.deleted_at), inArray(projects.id, ids)),
      )
      .returning({ id: projects.id });
    if (moved.length !== ids.length) throw badRequest('Only projects of the source user can be transferred.', { field: 'projects' });
    await audit(
      context,
      {
        action: 'team.projects_transferred',
        accountId: account.id,
        actorId: admin.user.id,
        ip,
        details: { from: source.id, to: target.id, projects: ids },
      },
      tx as Db,
    );
    return moved.length;
  });
}

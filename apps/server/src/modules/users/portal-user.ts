import { ACCOUNT_DELETION_MESSAGES, type PortalUserName } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { audit } from '../system/index.ts';

/**
 * Only a portal user (no roles) uses these calls, and only in their own session: a user with roles has an
 * issuer account, whose sign-in is removed with that account; an admin acting as the user may not remove it.
 */
function assertPortalUser(auth: Auth, message: string): void {
  if (auth.user.roles.length > 0 || auth.session.impersonator_id !== null) throw forbidden(message, { error_type: 'has_roles' });
}

/**
 * Deletes a portal user's sign-in: the user row, and with it their sessions and codes. The certificates
 * issued to their address stay with the issuers who sent them (they are the issuers' records).
 */
export async function deletePortalUser(context: AppContext, auth: Auth, ip: string): Promise<void> {
  assertPortalUser(auth, ACCOUNT_DELETION_MESSAGES.portalHasRoles);
  await context.db.transaction(async (tx) => {
    // The role check again, on the row being deleted: a sign-in upgraded to an issuer a moment ago stays.
    const removed = await tx
      .delete(users)
      .where(and(eq(users.id, auth.user.id), sql`cardinality(${users.roles}) = 0`))
      .returning({ id: users.id });
    if (!removed.length) throw forbidden(ACCOUNT_DELETION_MESSAGES.portalHasRoles, { error_type: 'has_roles' });
    await audit(context, { action: 'portal_user.deleted', userId: auth.user.id, ip, details: { email: auth.user.email } }, tx as Db);
  });
}

export async function changePortalUserName(context: AppContext, auth: Auth, input: PortalUserName): Promise<void> {
  assertPortalUser(auth, ACCOUNT_DELETION_MESSAGES.nameNotUpdated);
  await context.db
    .update(users)
    .set({ first_name: input.first_name, last_name: input.last_name, updated_at: context.clock.now() })
    .where(eq(users.id, auth.user.id));
}

import { canCreateCertificateSets, canDesign, canEditCertificateSets, canEditEmails, canSend, PERMISSION_MESSAGES } from '@laurel/domain';
import type { users } from '../db/schema.ts';
import { accessUser } from './auth.ts';
import { forbidden } from './errors.ts';

/**
 * The sub-user rights of docs/product/roles-and-sub-users.md#who-may-do-what, checked on the server for every change a sub-user can ask for.
 * One function per right; account admins and super-admins pass them all (the shared predicates in
 * `@laurel/domain` read only `account_user` flags, and the web hides controls with the same ones).
 * Which asset follows which right is in docs/decisions/0007-sub-user-rights-on-account-assets.md.
 */

type UserRow = typeof users.$inferSelect;

export const isSubUser = (user: Pick<UserRow, 'roles'>) => user.roles[0] === 'account_user';

/** New certificate sets, duplicates included. */
export function assertMayCreateSets(user: UserRow): void {
  if (!canCreateCertificateSets(accessUser(user))) throw forbidden(PERMISSION_MESSAGES.createSets);
}

/** A set's design, name and its removal. */
export function assertMayEditSets(user: UserRow): void {
  if (!canEditCertificateSets(accessUser(user))) throw forbidden(PERMISSION_MESSAGES.editSets);
}

/** Design assets: custom fonts, design images and backgrounds, stock images taken into the account. */
export function assertMayDesign(user: UserRow): void {
  if (!canDesign(accessUser(user))) throw forbidden(PERMISSION_MESSAGES.design);
}

/** Email assets: a set's or a project's email, its attachments and its images, test emails. */
export function assertMayEditEmails(user: UserRow): void {
  if (!canEditEmails(accessUser(user))) throw forbidden(PERMISSION_MESSAGES.editEmails);
}

/** Sending and what belongs to it: imports, mappings, projects, recipients, resends, revocations, exports. */
export function assertMaySend(user: UserRow): void {
  if (!canSend(accessUser(user))) throw forbidden(PERMISSION_MESSAGES.send);
}

/** Sub-users limited to some sets see only those (and the ones they created). */
export function visibleSetFilter(user: UserRow): { ids: number[]; createdBy: number } | null {
  if (!isSubUser(user) || user.allow_all_certificate_sets) return null;
  return { ids: user.allowed_certificate_sets, createdBy: user.id };
}

/**
 * Whose projects a user sees: null for everyone's; a sub-user not allowed every user's projects sees
 * their own and those of the colleagues chosen for them (`allowed_users`, docs/product/roles-and-sub-users.md#what-is-kept).
 */
export function visibleProjectOwners(user: UserRow): number[] | null {
  if (!isSubUser(user) || user.allow_all_users_projects) return null;
  return [user.id, ...user.allowed_users];
}

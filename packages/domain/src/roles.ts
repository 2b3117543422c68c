/** Roles and the permissions derived from them (docs/product/roles-and-sub-users.md#who-may-do-what). */

import { TWO_FACTOR_PATH } from './api/two-factor.ts';

export const ROLE_NAMES = ['global_admin', 'account_admin', 'account_user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Numeric ids used by the admin screens. */
export const ROLE_IDS: Readonly<Record<RoleName, number>> = { global_admin: 1, account_admin: 2, account_user: 3 };

/** The slice of a user the access rules read. */
export interface AccessUser {
  id: number;
  roles: readonly { name: string }[];
  allow_certificate_set_create?: boolean;
  allow_certificate_set_edits?: boolean;
  allow_certificate_email_edits?: boolean;
  allow_all_certificate_sets?: boolean;
  allowed_certificate_sets?: readonly number[];
  /** The account requires two-factor authentication and this user has not turned it on yet. */
  two_factor_setup_required?: boolean;
}

/** The role is read from the user's first role; none means a portal user. */
export function primaryRole(user: Pick<AccessUser, 'roles'>): RoleName | null {
  const name = user.roles[0]?.name;
  return (ROLE_NAMES as readonly string[]).includes(name ?? '') ? (name as RoleName) : null;
}

export function canEditCertificateSets(user: AccessUser): boolean {
  return primaryRole(user) !== 'account_user' || !!user.allow_certificate_set_edits;
}

export function canEditEmails(user: AccessUser): boolean {
  return primaryRole(user) !== 'account_user' || !!user.allow_certificate_email_edits;
}

export function canCreateCertificateSets(user: AccessUser): boolean {
  return primaryRole(user) !== 'account_user' || !!user.allow_certificate_set_create;
}

/**
 * Design assets (custom fonts, design images and uploads, stock picks) serve both creating and editing
 * a set, so either right covers them.
 */
export function canDesign(user: AccessUser): boolean {
  return canCreateCertificateSets(user) || canEditCertificateSets(user);
}

/** Sending needs all certificate sets allowed or a non-empty allowed list. */
export function canSend(user: AccessUser): boolean {
  if (primaryRole(user) !== 'account_user') return true;
  return !!user.allow_all_certificate_sets || (user.allowed_certificate_sets?.length ?? 0) > 0;
}

/**
 * Renaming or deleting a saved mapping: a global one is a super-admin's; an account's own is its admins' to
 * change, and a sub-user's (with the right to send) only when they saved it themselves, since the others are
 * the presets of their admin and colleagues.
 */
export function canChangeMapping(user: AccessUser, mapping: { global: boolean; created_by: number | null }): boolean {
  const role = primaryRole(user);
  if (mapping.global) return role === 'global_admin';
  if (role === null) return false;
  if (role !== 'account_user') return true;
  return canSend(user) && mapping.created_by === user.id;
}

/** What a sub-user is told when a right is missing: one message per right, in the spec's words. */
export const PERMISSION_MESSAGES = {
  createSets: 'You are not allowed to create certificates. Please ask your account administrator.',
  editSets: 'You are not allowed to edit certificates. Please ask your account administrator.',
  design: 'You are not allowed to change certificate designs, fonts or images. Please ask your account administrator.',
  editEmails: 'You are not allowed to edit certificate emails. Please ask your account administrator.',
  send: 'You are not allowed to send certificates. Please ask your account administrator.',
} as const;

/** Where a user lands after signing in (docs/product/roles-and-sub-users.md#screens). */
export function landingPath(user: AccessUser): string {
  if (user.two_factor_setup_required) return TWO_FACTOR_PATH;
  switch (primaryRole(user)) {
    case 'global_admin':
    case 'account_admin':
      return '/dashboard';
    case 'account_user':
      return canEditCertificateSets(user) || canEditEmails(user) ? '/build' : '/send';
    default:
      return '/register';
  }
}

/** Where an account admin lands when impersonating a sub-user: /build if they may create or edit sets or emails. */
export function impersonationLandingPath(user: AccessUser): string {
  return canCreateCertificateSets(user) || canEditCertificateSets(user) || canEditEmails(user) ? '/build' : '/send';
}

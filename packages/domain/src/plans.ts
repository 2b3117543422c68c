/** Plans, credit packs and the rules derived from them: the catalogue lives in `billing/`. */
export * from './billing/catalogue.ts';
export * from './billing/features.ts';

import { SUB_USERS_TOTAL_MAX } from './constants.ts';

// ---- Managing users (docs/product/billing-and-credits.md#who-may-do-what, docs/product/billing-and-credits.md#rules-and-limits) ------------------------------------------------------------------

/** An account's sub-users, active or not, never exceed this. */
export const MAX_TEAM_USERS = SUB_USERS_TOTAL_MAX;

/** -1 in `allocated_credits` means the sub-user may spend whatever the account holds. */
export const UNLIMITED_CREDITS = -1;

/** The spec's words for the sub-user rules (docs/product/roles-and-sub-users.md#messages). */
export const TEAM_MESSAGES = {
  notAllowed: 'Action not allowed',
  maxUsers: 'You already have maximum allowed users count.',
  activeLimit: (active: number) =>
    `You have ${active} active users, deactivate another user or upgrade to Enterprise Monthly for more user accounts.`,
  atLeastOne: 'At least one must be checked.',
  creditsRequired: 'Enter the number of credits this user may use, or choose unlimited.',
  formErrors: 'Attention: The submitted form contains errors. Please update the highlighted fields to proceed.',
  added: 'Account user added successfully.',
  updated: 'Account user update successfully.',
  deleted: 'User deleted successfully.',
  transferred: 'Projects successfully transferred',
  invitationSent: 'Invitation sent.',
} as const;

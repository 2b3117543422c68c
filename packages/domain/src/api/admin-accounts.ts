import { z } from 'zod';
import { DEFAULT_CATEGORY } from '../constants.ts';
import { newPassword } from './auth.ts';
import { defineCalls, id, idParams, okReply, queryInt, timestamp } from './contract.ts';

/** The super-admin's accounts console (docs/product/super-admin.md#screens "Admin user accounts", docs/product/super-admin.md#calls Super-admin). */

/** Notification-day flags (docs/product/super-admin.md#rules-and-limits): all six are kept, only these four may be changed. */
export const NOTIFY_DAYS = [7, 10, 13, 80, 87, 89] as const;
export const EDITABLE_NOTIFY_DAYS = [10, 80, 87, 89] as const;

export const ADMIN_ACCOUNT_MESSAGES = {
  updated: 'Account updated.',
  notifyUpdated: 'Notification days updated.',
  recipientsNoLoginOn: 'Recipients of this account now open the portal without a password.',
  recipientsNoLoginOff: 'Recipients of this account now sign in to the portal.',
  emailQueued: (count: number) => `Email queued for ${count} ${count === 1 ? 'account' : 'accounts'}.`,
  noRecipients: 'None of these accounts has an admin to write to.',
  trialReset: 'Free trial restarted: 14 days from today.',
  deletionRequested: 'The account is closed; its data is being deleted.',
  banned: 'Account banned: its users are signed out and cannot sign in.',
  unbanned: 'Account unbanned: its users can sign in again.',
  passwordChanged: "Password changed. The user's open sessions were ended.",
  userConfirmed: 'User confirmed.',
  alreadyConfirmed: 'This user is already confirmed.',
  billingUpdated: 'Billing information re-read from Stripe.',
  billingNoCustomer: 'This account has no Stripe customer yet: there is nothing to re-read.',
  billingNotConfigured: 'Card payments are not set up on this server: plans and credits are granted by hand.',
  subscriptionDestroyed: 'Subscription cancelled: the account is back on the Free plan.',
  noSubscription: 'This account has no subscription to cancel.',
  ownAccount: 'You cannot ban or delete the account you are signed in with.',
  notEditableDay: `Only the days ${EDITABLE_NOTIFY_DAYS.join(', ')} can be changed.`,
} as const;

/**
 * The category an account gave, or null when it gave none: registration stores the form's placeholder
 * (`DEFAULT_CATEGORY`) then, which is never shown as if it were the account's answer.
 */
export function givenCategory(category: string): string | null {
  const value = category.trim();
  return value && value !== DEFAULT_CATEGORY ? value : null;
}

/** Sortable columns of the accounts table. */
export const ACCOUNT_SORT_FIELDS = ['created_at', 'name', 'credits', 'last_login_at', 'id'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

/** `key[]=a&key[]=b` or `key=a`: one arrives as a string, several as a list. */
const stringList = z.preprocess(
  (value: string | string[] | undefined) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(z.string().max(200)).max(20).optional(),
);

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .optional();

/**
 * `filters[]` are `field:value`: `plan:<plan id>` (or `plan:free`), `category:<text>` (`category:` for none given), `banned:1|0`,
 * `search:<text>` (name, URL or a user's email). `sorting[]` are `field:asc|desc`, the first one wins.
 * `dateStart`/`dateEnd` bound the creation date, both days included.
 */
export const accountFilterQuery = z.object({
  'with[]': stringList,
  'filters[]': stringList,
  'sorting[]': stringList,
  limit: queryInt(1, 100).default(10),
  offset: queryInt(0, 10_000_000).default(0),
  dateStart: dateOnly,
  dateEnd: dateOnly,
});
export type AccountFilterQuery = z.input<typeof accountFilterQuery>;

export const adminAccountRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    /** Null when the account gave none (`givenCategory`). */
    category: z.string().nullable(),
    credits: z.number().int(),
    subscription_credits: z.number().int(),
    allowed_sets: z.number().int(),
    /** Certificate sets it may own now (its allowance and its plan's); null while its plan sets no limit. */
    certificate_set_limit: z.number().int().nullable(),
    /** Credits of refunded or disputed payments that had already been spent. */
    credits_owed: z.number().int(),
    stripe_active: z.boolean(),
    stripe_plan: z.string().nullable(),
    plan: z.object({ id: z.string().nullable(), display_name: z.string() }),
    is_banned: z.boolean(),
    noLogin: z.boolean(),
    notify_days: z.array(z.number().int()),
    /** Days left of the free trial; 0 while the account holds a plan. */
    trial_days_remaining: z.number().int(),
    created_at: timestamp(),
    /** The latest sign-in of any of its users. */
    last_login_at: timestamp().nullable(),
    admin: z
      .object({
        id: z.number().int(),
        email: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        confirmed: z.boolean(),
        banned: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'AdminAccountRow' });
export type AdminAccountRow = z.infer<typeof adminAccountRow>;

const choice = z.object({ id: z.string(), title: z.string() });

export const accountFilterReply = z
  .object({
    accounts: z.array(adminAccountRow),
    count: z.number().int(),
    plans: z.array(choice),
    categories: z.array(choice),
  })
  .meta({ id: 'AccountFilterPage' });
export type AccountFilterReply = z.infer<typeof accountFilterReply>;

/** A short pick-list of accounts for the credits and subscriptions screens. */
export const accountPick = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  credits: z.number().int(),
  subscription_credits: z.number().int(),
  plan: z.object({ id: z.string().nullable(), display_name: z.string() }),
});
export type AccountPick = z.infer<typeof accountPick>;

export const auditEntry = z
  .object({
    id: z.number().int(),
    action: z.string(),
    /** Who did it: null for the system (a webhook, the hourly refill). */
    actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    user_id: z.number().int().nullable(),
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: timestamp(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

const accountIdBody = z.object({ account_id: id() });

export const adminAccountCalls = defineCalls('admin-accounts', {
  filterAccounts: {
    method: 'GET',
    path: '/api/accounts/filter',
    summary: 'List accounts with their admin, plan, credits and last sign-in, filtered, sorted and paged (super-admins)',
    access: 'session',
    query: accountFilterQuery,
    response: accountFilterReply,
  },
  superadminAccounts: {
    method: 'GET',
    path: '/api/accounts/superadmin',
    summary: 'Find accounts by name, URL or id for a pick-list (super-admins)',
    access: 'session',
    query: z.object({ like: z.string().trim().max(100).default(''), limit: queryInt(1, 50).default(20) }),
    response: z.object({ accounts: z.array(accountPick) }),
  },
  accountAuditHistory: {
    method: 'GET',
    path: '/api/accounts/:id/audit',
    summary: 'Read what was done to an account, newest first (super-admins)',
    access: 'session',
    params: idParams,
    query: z.object({ limit: queryInt(1, 100).default(20), offset: queryInt(0, 10_000_000).default(0) }),
    response: z.object({ entries: z.array(auditEntry), count: z.number().int() }),
  },
  updateAccountNotifys: {
    method: 'PUT',
    path: '/api/account-notifys/:id',
    summary: "Set an account's notification days (super-admins)",
    description: `Days ${NOTIFY_DAYS.join(', ')}; only ${EDITABLE_NOTIFY_DAYS.join(', ')} change, the others stay as they are.`,
    access: 'session',
    params: idParams,
    body: z.object({ notify_days: z.array(z.number().int()).max(10) }),
    response: okReply.extend({ notify_days: z.array(z.number().int()) }),
  },
  setRecipientsNoLogin: {
    method: 'POST',
    path: '/api/accounts/recipients-no-login',
    summary: "Let an account's recipients open the portal without a password, or not (super-admins)",
    access: 'session',
    body: accountIdBody.extend({ recipients_no_login: z.boolean() }),
    response: okReply,
    errors: [404],
  },
  sendEmailAccounts: {
    method: 'POST',
    path: '/api/send-email-accounts',
    summary: 'Email the admins of the chosen accounts through the outbox (super-admins)',
    access: 'session',
    body: z.object({
      account_ids: z.array(id()).min(1, 'Choose at least one account.').max(500),
      subject: z.string().trim().min(1, 'Subject is required.').max(200),
      message: z.string().trim().min(1, 'Message is required.').max(20_000),
    }),
    response: okReply.extend({ queued: z.number().int() }),
  },
  resetFreeTrial: {
    method: 'POST',
    path: '/api/reset-freetrial',
    summary: "Restart an account's 14-day free trial from today (super-admins)",
    access: 'session',
    body: accountIdBody,
    response: okReply,
    errors: [404],
  },
  adminDeleteAccount: {
    method: 'DELETE',
    path: '/api/delete-account',
    summary: 'Close an account and delete all its data (super-admins)',
    description: 'The same deletion as the admin’s own: sessions end at once, the data goes in the background.',
    access: 'session',
    body: accountIdBody,
    response: okReply,
    errors: [404],
  },
  banAccount: {
    method: 'POST',
    path: '/api/ban-account',
    summary: 'Ban or unban an account and its users (super-admins); a ban ends their sessions',
    access: 'session',
    body: accountIdBody.extend({ ban: z.boolean() }),
    response: okReply,
    errors: [404],
  },
  adminChangePassword: {
    method: 'POST',
    path: '/api/users/:id/password-change',
    summary: "Set a user's password (super-admins); the user's open sessions end",
    access: 'session',
    params: idParams,
    body: z.object({ password: newPassword() }),
    response: okReply,
  },
  confirmUser: {
    method: 'POST',
    path: '/api/confirm-user',
    summary: "Confirm a user's email address for them (super-admins)",
    access: 'session',
    body: z.object({ user_id: id() }),
    response: okReply,
    errors: [404],
  },
  updateAccountBillingInformation: {
    method: 'POST',
    path: '/api/update-account-billing-information',
    summary: "Re-read an account's plan from Stripe (super-admins)",
    description: 'Without Stripe configured, or without a Stripe customer, answers 400 saying so.',
    access: 'session',
    body: accountIdBody,
    response: okReply,
    errors: [404],
  },
  adminDestroySubscription: {
    method: 'DELETE',
    path: '/api/accounts/admin-destroy-subscription/:id',
    summary: "Cancel an account's subscription back to the Free plan (super-admins); with Stripe, cancelled there",
    access: 'session',
    params: idParams,
    response: okReply,
  },
});

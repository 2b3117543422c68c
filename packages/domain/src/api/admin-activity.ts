import { z } from 'zod';
import { id, queryInt, timestamp } from './contract.ts';

/**
 * The super-admin's activity log: every account's audit log on one screen, searched and filtered
 * (docs/product/super-admin.md#activity).
 */

/** The kinds the screen filters by, in the order it offers them. */
export const ACTIVITY_KINDS = ['sends', 'revocations', 'users', 'plans', 'impersonations', 'api_keys', 'sso'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * Which audit actions make each kind: whole actions, or every action that starts with a prefix (ending in a dot),
 * less those named in `except`. The server filters with these and the screen names a row's kind with them.
 */
export const ACTIVITY_KIND_RULES: Record<ActivityKind, { label: string; actions: string[]; prefixes: string[]; except?: string[] }> = {
  sends: { label: 'Sends', actions: [], prefixes: ['certificates.'] },
  revocations: { label: 'Revocations', actions: ['certificate.revoked', 'certificate.reinstated'], prefixes: [] },
  users: {
    label: 'User changes',
    actions: [],
    prefixes: ['user.', 'team.', 'two_factor.'],
    except: ['user.impersonated', 'user.impersonation_ended'],
  },
  plans: {
    label: 'Plan changes',
    actions: [
      'account.plan_granted',
      'account.plan_cancelled',
      'account.trial_reset',
      'billing.plan_changed',
      'billing.subscription_cancelled',
      'billing.admin_subscription_cancelled',
    ],
    prefixes: ['billing.customer.subscription.'],
  },
  impersonations: { label: 'Impersonations', actions: ['user.impersonated', 'user.impersonation_ended'], prefixes: [] },
  api_keys: { label: 'API keys', actions: [], prefixes: ['api_key.'] },
  sso: { label: 'Single sign-on', actions: [], prefixes: ['sso.'] },
};

/** The kind an audit action belongs to, or null for one of none (a sign-in, a setting). */
export function activityKindOf(action: string): ActivityKind | null {
  for (const kind of ACTIVITY_KINDS) {
    const rule = ACTIVITY_KIND_RULES[kind];
    if (rule.except?.includes(action)) continue;
    if (rule.actions.includes(action) || rule.prefixes.some((prefix) => action.startsWith(prefix))) return kind;
  }
  return null;
}

/** Audit actions as a person reads them; an action not named here reads as written (`auditActionLabel`). */
const AUDIT_ACTION_LABELS: Record<string, string> = {
  'certificates.sent': 'Certificates sent',
  'certificates.resent': 'Certificates sent again',
  'certificate.revoked': 'Certificate revoked',
  'certificate.reinstated': 'Certificate reinstated',
  'account.registered': 'Account registered',
  'account.admin_update': 'Credits or sets changed',
  'account.notify_days': 'Notification days changed',
  'account.recipients_no_login': 'Recipients-without-login changed',
  'account.emailed': 'Emailed',
  'account.trial_reset': 'Free trial restarted',
  'account.banned': 'Banned',
  'account.unbanned': 'Unbanned',
  'account.plan_granted': 'Plan granted',
  'account.plan_cancelled': 'Plan cancelled',
  'account.deletion_requested': 'Deletion requested',
  'account.updated': 'Details changed',
  'user.password_changed': 'Password changed',
  'user.email_changed': 'Email address changed',
  'user.password_set_by_admin': 'Password changed by a super-admin',
  'user.confirmed_by_admin': 'User confirmed',
  'user.impersonated': 'Impersonated',
  'user.impersonation_ended': 'Impersonation ended',
  'team.user_added': 'User added',
  'team.user_updated': 'User changed',
  'team.user_deleted': 'User removed',
  'team.invitation_resent': 'Invitation sent again',
  'team.projects_transferred': 'Projects handed over',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'two_factor.key_issued': 'Two-factor key made',
  'two_factor.policy': 'Two-factor rule changed',
  'api_key.issued': 'API key made',
  'api_key.revoked': 'API key revoked',
  'sso.configuration_saved': 'Single sign-on saved',
  'billing.plan_changed': 'Plan changed',
  'billing.subscription_cancelled': 'Subscription cancelled',
  'billing.admin_refreshed': 'Billing re-read from Stripe',
  'billing.admin_subscription_cancelled': 'Subscription cancelled by a super-admin',
  'billing.charge.refunded': 'Payment refunded',
  'billing.charge.dispute.created': 'Payment disputed',
  'billing.charge.dispute.closed': 'Payment dispute closed',
  'auth.login': 'Signed in',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'write the day as YYYY-MM-DD.')
  .optional();

/**
 * Text is searched in the action, the addresses of who acted and whom it concerned, the account's name, the
 * address it came from and the details. Days are UTC and both included.
 */
export const activityQuery = z
  .object({
    limit: queryInt(1, 100).default(25),
    offset: queryInt(0, 10_000_000).default(0),
    search: z.string().trim().max(200, 'at most 200 characters.').optional(),
    kind: z.enum(ACTIVITY_KINDS, { error: `choose one of ${ACTIVITY_KINDS.join(', ')}.` }).optional(),
    account_id: id().optional(),
    from: day,
    to: day,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'the first day comes after the last.',
    path: ['from'],
  });
export type ActivityQuery = z.input<typeof activityQuery>;

const person = z.object({ id: z.number().int(), email: z.string() });

export const activityEntry = z
  .object({
    id: z.number().int(),
    action: z.string(),
    kind: z.enum(ACTIVITY_KINDS).nullable(),
    created_at: timestamp(),
    /** Who did it: null for the system (a Stripe webhook, a scheduled job). */
    actor: person.nullable(),
    /** The user it concerned, when it concerned one. */
    user: person.nullable(),
    /** The account it concerned; `name` is null once the account's data are deleted. */
    account: z.object({ id: z.number().int(), name: z.string().nullable(), deleted: z.boolean() }).nullable(),
    /** The address the request came from. */
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityPage = z.object({ entries: z.array(activityEntry), count: z.number().int() }).meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPage>;

import { z } from 'zod';
import { TABLE_PAGE_SIZES } from '../constants.ts';
import { isValidEmail } from '../email.ts';
import { TEAM_MESSAGES, UNLIMITED_CREDITS } from '../plans.ts';
import { defineCalls, id, idParams, okReply, queryInt, timestamp } from './contract.ts';

/**
 * Managing the users of an account (docs/product/roles-and-sub-users.md#screens "Manage users", docs/product/roles-and-sub-users.md#rules-and-limits sub-user form, docs/product/roles-and-sub-users.md#who-may-do-what, docs/product/roles-and-sub-users.md#calls): the list, adding
 * (an invitation to set a password), editing the rights and credits, deleting, activating, acting as a
 * sub-user, and moving projects from one user to another.
 */

/** `invited`: added by an admin, the invitation not yet followed (no password set). */
export const TEAM_USER_STATUSES = ['active', 'inactive', 'invited'] as const;
export type TeamUserStatus = (typeof TEAM_USER_STATUSES)[number];

export const accountUserDto = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.string(),
    active: z.boolean(),
    status: z.enum(TEAM_USER_STATUSES),
    allow_certificate_set_create: z.boolean(),
    allow_certificate_set_edits: z.boolean(),
    allow_certificate_email_edits: z.boolean(),
    allow_all_certificate_sets: z.boolean(),
    allowed_certificate_sets: z.array(z.number().int()),
    allow_all_users_projects: z.boolean(),
    allowed_users: z.array(z.number().int()),
    /** What is left of the allocation; -1 unlimited. */
    allocated_credits: z.number().int(),
    /** The allocation as the admin last set it. */
    original_allocated_credits: z.number().int(),
    auto_refill_credits: z.boolean(),
    refill_credits: z.number().int(),
    created_at: timestamp(),
  })
  .meta({ id: 'AccountUser' });
export type AccountUserDto = z.infer<typeof accountUserDto>;

/** What the admin may still do: the plan's rule and how far the limits are used. */
export const teamLimits = z.object({
  may_manage: z.boolean(),
  active_users: z.number().int(),
  max_active_users: z.number().int(),
  total_users: z.number().int(),
  max_users: z.number().int(),
  /** Credits the account holds, less what other sub-users hold allocated: the most a new allocation may be. */
  credit_pool: z.number().int(),
  /** The plan's monthly credits, less what auto-refill users already take each month. */
  refill_pool: z.number().int(),
});
export type TeamLimits = z.infer<typeof teamLimits>;

export const accountUsersPage = z.object({
  data: z.array(accountUserDto),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  limits: teamLimits,
});
export type AccountUsersPage = z.infer<typeof accountUsersPage>;

const name = z.string().trim().min(1, 'Required').max(100);
/**
 * A sub-user's credits: a number, or -1 for unlimited; left out, unlimited. `null` (the form's "a number of credits"
 * left blank) is refused in words rather than read as none (docs/product/roles-and-sub-users.md#rules-and-limits).
 */
const credits = z
  .number({ error: (issue) => (issue.input === null || issue.input === '' ? TEAM_MESSAGES.creditsRequired : undefined) })
  .int()
  .min(UNLIMITED_CREDITS)
  .max(10_000_000);

const accountUserFields = z.object({
  first_name: name,
  last_name: name,
  allow_certificate_set_create: z.boolean().default(false),
  allow_certificate_set_edits: z.boolean().default(false),
  allow_certificate_email_edits: z.boolean().default(false),
  allow_all_certificate_sets: z.boolean().default(true),
  allowed_certificate_sets: z.array(id()).max(1000).default([]),
  allow_all_users_projects: z.boolean().default(false),
  allowed_users: z.array(id()).max(100).default([]),
  allocated_credits: credits.default(UNLIMITED_CREDITS),
  auto_refill_credits: z.boolean().default(false),
  refill_credits: z.number().int().min(0).max(10_000_000).default(0),
});

type Fields = z.output<typeof accountUserFields>;

/** The form's cross-field rules, shared by the web form and the server (docs/product/roles-and-sub-users.md#flows, docs/product/roles-and-sub-users.md#rules-and-limits). */
export function accountUserProblems(input: Fields): { field: keyof Fields; message: string }[] {
  const problems: { field: keyof Fields; message: string }[] = [];
  if (!input.allow_all_certificate_sets && input.allowed_certificate_sets.length === 0)
    problems.push({ field: 'allowed_certificate_sets', message: TEAM_MESSAGES.atLeastOne });
  if (input.auto_refill_credits && input.allocated_credits === UNLIMITED_CREDITS)
    problems.push({ field: 'auto_refill_credits', message: 'Unlimited credits cannot be refilled: choose a number of credits.' });
  return problems;
}

function withRules<S extends z.ZodType<Fields>>(schema: S) {
  return schema.superRefine((input, ctx) => {
    for (const problem of accountUserProblems(input)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const accountUserCreate = withRules(
  accountUserFields.extend({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((value) => isValidEmail(value), 'Please enter a valid email address.'),
  }),
);
export type AccountUserCreate = z.input<typeof accountUserCreate>;
export type AccountUserCreateFields = z.output<typeof accountUserCreate>;

/** The address is not changed here: it is the user's, changed by them with a code sent to it. */
export const accountUserUpdate = withRules(accountUserFields);
export type AccountUserUpdate = z.input<typeof accountUserUpdate>;
export type AccountUserFields = z.output<typeof accountUserUpdate>;

export const teamProject = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: timestamp(),
});
export type TeamProject = z.infer<typeof teamProject>;

export const teamCalls = defineCalls('team', {
  listAccountUsers: {
    method: 'GET',
    path: '/api/accounts/:id/users',
    summary: "List an account's users, newest first, with the plan's limits",
    description: 'For the admin of that account or a super-admin; another account is a 404.',
    access: 'session',
    params: idParams,
    query: z.object({
      page: queryInt(1, 1_000_000).default(1),
      limit: z.coerce
        .number<number | string>()
        .int()
        .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 25, 50 or 100.')
        .default(10),
    }),
    response: accountUsersPage,
  },
  addAccountUser: {
    method: 'POST',
    path: '/api/users/0/add-account-user',
    summary: 'Add a sub-user to your account: they get an email with a link to set their password',
    access: 'session',
    body: z.object({ user: accountUserCreate }),
    response: okReply.extend({ user: accountUserDto }),
  },
  updateAccountUser: {
    method: 'POST',
    path: '/api/users/:id/update-account-user',
    summary: "Change a sub-user's name, rights and credits",
    access: 'session',
    params: idParams,
    body: z.object({ user: accountUserUpdate }),
    response: okReply.extend({ user: accountUserDto }),
  },
  deleteAccountUser: {
    method: 'POST',
    path: '/api/users/:id/delete-account-user',
    summary: 'Delete a sub-user; their projects pass to you and stay with the account',
    access: 'session',
    params: idParams,
    response: okReply,
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/users/:id/resend-invitation',
    summary: 'Send a new invitation to a sub-user who has not set a password yet; the earlier link stops working',
    access: 'session',
    params: idParams,
    response: okReply,
  },
  toggleActive: {
    method: 'POST',
    path: '/api/users/toggle-active',
    summary: 'Activate or deactivate a sub-user; a deactivated one is signed out and cannot sign in',
    access: 'session',
    body: z.object({ user_id: id(), active: z.boolean() }),
    response: okReply.extend({ user: accountUserDto }),
  },
  userProjects: {
    method: 'GET',
    path: '/api/projects/user-projects',
    summary: 'List the projects a user of your account made, to transfer them',
    access: 'session',
    query: z.object({ user_email: z.string().trim().toLowerCase().max(254) }),
    response: z.object({ data: z.array(teamProject) }),
    errors: [404],
  },
  transferProjects: {
    method: 'POST',
    path: '/api/projects/transfer-projects',
    summary: "Give some of one user's projects to another user of your account",
    access: 'session',
    body: z.object({ source_user: id(), target_user: id(), projects: z.array(id()).min(1).max(10_000) }),
    response: okReply,
    errors: [404],
  },
});

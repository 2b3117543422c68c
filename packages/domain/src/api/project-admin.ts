import { z } from 'zod';
import { defineCalls, idParams, okReply, queryInt, timestamp } from './contract.ts';

/** Super-admin tools over every account's projects: resend attempts and the projects log (docs/product/super-admin.md#screens, docs/product/super-admin.md#calls "Super-admin"). */

/** Most group resends a super-admin may allow one project. */
export const MAX_RESEND_LIMIT = 100;

export const adminProject = z
  .object({
    id: z.number().int(),
    title: z.string(),
    key: z.string(),
    account_id: z.number().int(),
    account_name: z.string(),
    /** 1 live, 0 deleted (docs/product/account.md#flows: deleted, then recovered or deleted for good). */
    status: z.number().int(),
    deleted_at: timestamp().nullable(),
    recipients_count: z.number().int(),
    sent_count: z.number().int(),
    /** Group resends made so far. */
    resends_used: z.number().int(),
    /** Group resends the project may make: the spec's `resend_attempts`, 5 unless raised. */
    resend_attempts: z.number().int(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'AdminProject' });
export type AdminProject = z.infer<typeof adminProject>;

export const ADMIN_PROJECT_SORTS = ['newest', 'oldest', 'title', 'account', 'deleted'] as const;
export type AdminProjectSort = (typeof ADMIN_PROJECT_SORTS)[number];
export const ADMIN_PROJECT_STATES = ['all', 'live', 'deleted'] as const;
export type AdminProjectState = (typeof ADMIN_PROJECT_STATES)[number];

export const adminProjectQuery = z.object({
  account_id: z.coerce.number<number | string>().int().positive().optional(),
  state: z.enum(ADMIN_PROJECT_STATES).default('all'),
  like: z.string().trim().max(200).optional(),
  sort: z.enum(ADMIN_PROJECT_SORTS).default('newest'),
  limit: queryInt(1, 100).default(10),
  offset: queryInt(0, 1_000_000_000).default(0),
});
export type AdminProjectQuery = z.infer<typeof adminProjectQuery>;

export const projectAdminCalls = defineCalls('projects', {
  listAdminProjects: {
    method: 'GET',
    path: '/api/projects/superadmin',
    summary: "List every account's projects, deleted ones included, with their resend attempts (super-admins)",
    description: 'Searched by title, memo or account name; `account_id` narrows to one account, `state` to live or deleted projects.',
    access: 'session',
    query: adminProjectQuery,
    response: z.object({ projects: z.array(adminProject), count: z.number().int() }),
  },
  updateResendAttempts: {
    method: 'POST',
    path: '/api/projects/superadmin-update-resend-attempts',
    summary: 'Set how many group resends a project may make (super-admins)',
    access: 'session',
    body: z.object({
      project_id: z.number().int().positive(),
      resend_attempts: z.number().int().min(0, 'cannot be negative.').max(MAX_RESEND_LIMIT, `can be at most ${MAX_RESEND_LIMIT}.`),
    }),
    response: okReply.extend({ project: adminProject }),
  },
  recoverProject: {
    method: 'PUT',
    path: '/api/projects/:id/recover',
    summary: 'Bring a deleted project back to its account’s store (super-admins)',
    access: 'session',
    params: idParams,
    response: okReply.extend({ project: adminProject }),
  },
});

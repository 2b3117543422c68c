import { z } from 'zod';
import { defineCalls } from './contract.ts';
import { planCatalogue } from './plans.ts';

/** The calls a client makes before anything else: health, configuration, the system-update announcement. */

/** What the client needs before anyone signs in: which host it is on and what is configured. */
export const appConfig = z
  .object({
    base_domain: z.string(),
    public_url: z.string(),
    host: z.object({
      on_portal_host: z.boolean(),
      credentials_portal: z.boolean(),
      /** The account whose portal this host is; null on the main host, the credentials portal or an unknown portal. */
      account: z.object({ id: z.number().int(), name: z.string(), url: z.string(), imagepath: z.string().nullable() }).nullable(),
    }),
    payments_enabled: z.boolean(),
    /** Whether the operator set a review page (`REVIEW_URL`); without one nobody is asked for a review. */
    reviews_enabled: z.boolean(),
    /** Stripe's publishable key when card payments are set up, else null (docs/product/super-admin.md#what-is-kept Config). */
    pub_key: z.string().nullable(),
    /** The plan ids the spec's Config names: the entry plan and the premium (top) plan; no yearly plans are sold. */
    basic_plan: z.string(),
    prem_plan: z.string(),
    basic_plan_yearly: z.string().nullable(),
    prem_plan_yearly: z.string().nullable(),
    /** Who takes payments: Stripe when configured, else super-admins grant plans and credits by hand. */
    billing: z.object({ provider: z.enum(['stripe', 'manual']) }),
    /** Plans, features, packs and prices: the one catalogue the screens show. */
    catalogue: planCatalogue,
    /** Which social sign-in buttons the login page shows: the providers the operator configured (OIDC_*). */
    social_sign_in: z.object({ google: z.boolean(), azure: z.boolean(), linkedin: z.boolean() }),
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.infer<typeof appConfig>;

export const announcement = z.object({ id: z.number().int(), title: z.string(), content: z.string() }).meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcement>;

/** An empty array, or one whose second item is the announcement to show (the first is always null). */
export const updateSystemModal = z.union([z.tuple([]), z.tuple([z.null(), announcement])]);
export type UpdateSystemModal = z.infer<typeof updateSystemModal>;

export const systemCalls = defineCalls('system', {
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Check that the API is up',
    access: 'public',
    response: z.object({ ok: z.boolean() }),
    // Not served on a portal host.
    errors: [404],
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Check that the API can reach its database',
    access: 'public',
    response: z.object({ ok: z.boolean(), database: z.literal('up') }),
    // 503 with `error_type: "unavailable"` while the database cannot be reached. Not served on a portal host.
    errors: [404, 503],
  },
  getConfig: {
    method: 'GET',
    path: '/api/config',
    summary: 'Read the configuration the client needs before anyone signs in',
    access: 'public',
    response: appConfig,
    // Only text holding a NUL character (in the query) is refused.
    errors: [400],
  },
  getUpdateSystemModal: {
    method: 'GET',
    path: '/api/users/show/modal/update-system',
    summary: 'Read the newest system-update announcement the signed-in user has not dismissed',
    description: 'An empty array when there is none or nobody is signed in; otherwise `[null, announcement]`.',
    access: 'optional',
    response: updateSystemModal,
    errors: [400],
  },
  markUpdateSystemSeen: {
    method: 'POST',
    path: '/api/users/show/modal/update-system/seen',
    summary: 'Dismiss the system-update announcements published so far',
    access: 'session',
    response: z.object({ success: z.boolean() }),
  },
});

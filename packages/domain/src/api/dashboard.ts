import { z } from 'zod';
import { defineCalls } from './contract.ts';

/** The dashboard (docs/product/dashboard.md): statistics from the account's sends, onboarding progress, its toggles. */

/** The ranges the chart offers, and the step of each one's series. */
export const DASHBOARD_RANGES = ['7d', '30d', '12w', '12m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Readonly<Record<DashboardRange, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '12w': 'Last 12 weeks',
  '12m': 'Last 12 months',
};
export const DASHBOARD_RANGE_STEP: Readonly<Record<DashboardRange, 'day' | 'week' | 'month'>> = {
  '7d': 'day',
  '30d': 'day',
  '12w': 'week',
  '12m': 'month',
};
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '30d';

const figures = {
  certificates_sent: z.number().int(),
  opened: z.number().int(),
  downloaded: z.number().int(),
  /** Certificates whose "Add to LinkedIn" link was followed (the first click of each; LinkedIn does not say whether it was saved). */
  linkedin_added: z.number().int(),
  bounced: z.number().int(),
};

export const dashboardStatistics = z
  .object({
    range: z.enum(DASHBOARD_RANGES),
    step: z.enum(['day', 'week', 'month']),
    /** The first day counted, YYYY-MM-DD (UTC). */
    from: z.string(),
    totals: z.object({
      ...figures,
      /** Unique email addresses sent to in the range. */
      recipients: z.number().int(),
    }),
    /** One point per day, week (starting Monday) or month of the range, oldest first, empty periods included. */
    series: z.array(z.object({ period: z.string(), ...figures })),
  })
  .meta({ id: 'DashboardStatistics' });
export type DashboardStatistics = z.infer<typeof dashboardStatistics>;

export const DASHBOARD_PROGRESS = ['make_certificates', 'make_projects', 'manage_projects'] as const;
export type DashboardProgress = (typeof DASHBOARD_PROGRESS)[number];

/** Percent done and the step to take next (1-based; null when all are done), docs/product/dashboard.md#flows and docs/product/dashboard.md#rules-and-limits. */
export function progressStep(progress: DashboardProgress | null): { percent: number; activeStep: number | null } {
  if (progress === 'make_certificates') return { percent: 33, activeStep: 2 };
  if (progress === 'make_projects') return { percent: 67, activeStep: 3 };
  if (progress === 'manage_projects') return { percent: 100, activeStep: null };
  return { percent: 0, activeStep: 1 };
}

/**
 * Tasks are hidden only when the user chose to hide them: once all are done the card says so, with what to do next,
 * until it is dismissed (docs/product/dashboard.md#flows), rather than vanishing after the first send without a word.
 */
export function tasksHidden(hideTasks: boolean | null): boolean {
  return hideTasks === true;
}

export const dashboardProgress = z
  .object({
    /** The furthest step reached: a certificate set made, a project saved, certificates sent; null for none. */
    progress: z.enum(DASHBOARD_PROGRESS).nullable(),
    hide_tasks: z.boolean().nullable(),
  })
  .meta({ id: 'DashboardProgress' });

export const dashboardAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('help_center_shown'), status: z.boolean() }),
  z.object({ action: z.literal('hide-tasks'), status: z.boolean() }),
]);
export type DashboardAction = z.infer<typeof dashboardAction>;

export const dashboardCalls = defineCalls('dashboard', {
  getDashboardStatistics: {
    method: 'GET',
    path: '/api/dashboard/statistics',
    summary: 'Count what the account sent and what recipients did with it over a range',
    description:
      'Totals and a series by day, week or month. A sub-user limited to some colleagues’ projects counts only the projects they may see.',
    access: 'session',
    query: z.object({ range: z.enum(DASHBOARD_RANGES).default(DEFAULT_DASHBOARD_RANGE) }),
    response: dashboardStatistics,
    errors: [400, 403],
  },
  getDashboardProgress: {
    method: 'GET',
    path: '/api/dashboard/progress',
    summary: 'Read the onboarding progress and the hide-tasks choice',
    access: 'session',
    response: dashboardProgress,
    errors: [403],
  },
  setDashboardAction: {
    method: 'POST',
    path: '/api/dashboard/set-action',
    summary: 'Record the help-centre flag of the account or the user’s hide-tasks choice',
    access: 'session',
    body: dashboardAction,
    response: z.object({ success: z.boolean() }),
    errors: [400, 403],
  },
  countProjects: {
    method: 'GET',
    path: '/api/projects/count',
    summary: 'Count the projects the user may see',
    access: 'session',
    response: z.object({ projects_count: z.number().int() }),
    errors: [403],
  },
});

import { DASHBOARD_RANGE_STEP, type DashboardRange, type DashboardStatistics } from '@laurel/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectDailyStats, projects, recipients } from '../../db/schema.ts';
import { type Viewer, visibleProjects } from '../projects/index.ts';
import { periodOf, rangePeriods } from './periods.ts';

const FIGURES = ['certificates_sent', 'opened', 'downloaded', 'linkedin_added', 'bounced'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
const zero = (): Figures => ({ certificates_sent: 0, opened: 0, downloaded: 0, linkedin_added: 0, bounced: 0 });

/**
 * The dashboard's figures over a range, for the projects the viewer may see. Sends, opens, downloads,
 * LinkedIn adds and bounces come from the per-project daily counters (a few rows per project and day,
 * kept by triggers on `recipients`); unique people from the index of sent recipients by account and date.
 */
export async function dashboardStatistics(context: AppContext, viewer: Viewer, range: DashboardRange): Promise<DashboardStatistics> {
  const step = DASHBOARD_RANGE_STEP[range];
  const { from, periods } = rangePeriods(range, context.clock.now());

  const days = await context.db
    .select({
      day: projectDailyStats.day,
      certificates_sent: sql<number>`sum(${projectDailyStats.sent})::int`,
      opened: sql<number>`sum(${projectDailyStats.opened})::int`,
      downloaded: sql<number>`sum(${projectDailyStats.downloaded})::int`,
      linkedin_added: sql<number>`sum(${projectDailyStats.linkedin})::int`,
      bounced: sql<number>`sum(${projectDailyStats.bounced})::int`,
    })
    .from(projectDailyStats)
    .innerJoin(projects, eq(projects.id, projectDailyStats.project_id))
    .where(and(visibleProjects(viewer), gte(projectDailyStats.day, from)))
    .groupBy(projectDailyStats.day);

  const [people] = await context.db
    .select({ count: sql<number>`count(distinct ${recipients.email})::int` })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(
      and(eq(recipients.account_id, viewer.accountId), gte(recipients.sent_at, new Date(`${from}T00:00:00Z`)), visibleProjects(viewer)),
    );

  const byPeriod = new Map(periods.map((p) => [p, zero()]));
  const totals = zero();
  for (const day of days) {
    const point = byPeriod.get(periodOf(day.day, step));
    for (const key of FIGURES) {
      totals[key] += day[key];
      if (point) point[key] += day[key];
    }
  }
  return {
    range,
    step,
    from,
    totals: { ...totals, recipients: people?.count ?? 0 },
    series: periods.map((period) => ({ period, ...byPeriod.get(period)! })),
  };
}

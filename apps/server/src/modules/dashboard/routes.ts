import { dashboardCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { countVisibleProjects, dashboardProgress, setDashboardAction } from './progress.ts';
import { dashboardStatistics } from './statistics.ts';

/** The dashboard's calls (docs/product/dashboard.md#calls "Dashboard and help"), each scoped to the projects the member may see. */
export function dashboardRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getDashboardStatistics, async (request) =>
    dashboardStatistics(context, requireAccountMember(request), request.query.range),
  );

  route(app, calls.getDashboardProgress, async (request) => dashboardProgress(context, requireAccountMember(request)));

  route(app, calls.setDashboardAction, async (request) => {
    await setDashboardAction(context, requireAccountMember(request), request.body);
    return { success: true };
  });

  route(app, calls.countProjects, async (request) => ({
    projects_count: await countVisibleProjects(context, requireAccountMember(request)),
  }));
}

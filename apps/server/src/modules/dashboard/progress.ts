import type { DashboardAction, DashboardProgress } from '@laurel/domain';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, certificateSets, projectCounters, projects, users } from '../../db/schema.ts';
import { type Viewer, visibleProjects } from '../projects/index.ts';

/**
 * How far the onboarding went (docs/product/dashboard.md#flows): certificates sent from a project the viewer sees, else a
 * project saved, else a certificate set made by the account; null for none of them.
 */
export async function dashboardProgress(
  context: AppContext,
  viewer: Viewer,
): Promise<{ progress: DashboardProgress | null; hide_tasks: boolean | null }> {
  const [row] = await context.db
    .select({
      sent: sql<boolean>`exists (${context.db
        .select({ one: sql`1` })
        .from(projects)
        .innerJoin(projectCounters, eq(projectCounters.project_id, projects.id))
        .where(and(visibleProjects(viewer), or(gt(projectCounters.sent, 0), gt(projectCounters.bounced, 0))))})`,
      saved: sql<boolean>`exists (${context.db.select({ one: sql`1` }).from(projects).where(visibleProjects(viewer))})`,
      designed: sql<boolean>`exists (${context.db
        .select({ one: sql`1` })
        .from(certificateSets)
        .where(and(eq(certificateSets.account_id, viewer.accountId), isNull(certificateSets.deleted_at)))})`,
    })
    .from(sql`(select 1) as one`);
  const progress: DashboardProgress | null = row?.sent
    ? 'manage_projects'
    : row?.saved
      ? 'make_projects'
      : row?.designed
        ? 'make_certificates'
        : null;
  return { progress, hide_tasks: viewer.user.hide_tasks };
}

/** The help-centre flag belongs to the account, the hide-tasks choice to the user. */
export async function setDashboardAction(context: AppContext, viewer: Viewer, input: DashboardAction): Promise<void> {
  if (input.action === 'help_center_shown')
    await context.db.update(accounts).set({ help_center_shown: input.status }).where(eq(accounts.id, viewer.accountId));
  else await context.db.update(users).set({ hide_tasks: input.status }).where(eq(users.id, viewer.user.id));
}

export async function countVisibleProjects(context: AppContext, viewer: Viewer): Promise<number> {
  const [row] = await context.db.select({ n: count() }).from(projects).where(visibleProjects(viewer));
  return row?.n ?? 0;
}

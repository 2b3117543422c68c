import type { SendProgress } from '@laurel/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recipients } from '../../db/schema.ts';
import type { Member } from '../certificates/index.ts';
import { findProject } from '../projects/index.ts';

/** Where a project's delivery stands, counted from its recipients' states in one query. */
export async function projectProgress(context: AppContext, member: Member, projectId: number): Promise<SendProgress> {
  const project = await findProject(context, member, projectId);
  const state = (...states: string[]) =>
    sql<number>`count(*) filter (where ${recipients.state} in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )}))::int`;
  const [row] = await context.db
    .select({
      total: sql<number>`count(*)::int`,
      draft: state('draft'),
      pending: state('queued', 'sending'),
      sent: state('sent'),
      bounced: state('bounced'),
      failed: state('failed'),
      suppressed: state('suppressed'),
      opened: sql<number>`count(*) filter (where ${recipients.accessed_at} is not null)::int`,
    })
    .from(recipients)
    .where(eq(recipients.project_id, project.id));
  return { project_id: project.id, ...row!, finished: row!.pending === 0 };
}

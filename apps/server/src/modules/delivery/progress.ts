import type { SendProgress } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import type { Member } from '../certificates/index.ts';
import { findProject, readProjectCounters } from '../projects/index.ts';

/** Where a project's delivery stands, from its counters row; a send still being queued is not finished. */
export async function projectProgress(context: AppContext, member: Member, projectId: number): Promise<SendProgress> {
  const project = await findProject(context, member, projectId);
  const { recipients, draft, pending, sent, bounced, failed, suppressed, opened } = await readProjectCounters(context, project.id);
  return {
    project_id: project.id,
    total: recipients,
    draft,
    pending,
    sent,
    bounced,
    failed,
    suppressed,
    opened,
    finished: pending === 0 && !project.pending_send,
  };
}

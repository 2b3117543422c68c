import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { projectCounters, projects } from '../../db/schema.ts';
import type { Member } from '../certificates/index.ts';
import { findProject, visibleProjects } from './service.ts';

/** Columns a caller of `projects/index-list` may ask for besides id and title. */
const OPTIONAL_FIELDS = ['key', 'certificate_name', 'created_at'] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** Pickers list every project at once; an account with more is searched with `like`. */
const INDEX_LIMIT = 1_000;

/**
 * The account's live projects by title, briefly (docs/product/store.md#calls `projects/index-list`): id and title, the
 * fields asked for, and the recipient count from the counters row when asked.
 */
export async function listProjectIndex(
  context: AppContext,
  member: Member,
  query: { like?: string; recipients_count: boolean; fields: string[] },
) {
  const wanted = new Set(query.fields.filter((f): f is OptionalField => (OPTIONAL_FIELDS as readonly string[]).includes(f)));
  const conditions = [visibleProjects(member)];
  if (query.like) conditions.push(ilike(projects.title, containsPattern(query.like)));
  const rows = await context.db
    .select({
      id: projects.id,
      title: projects.title,
      key: projects.key,
      certificate_name: sql<string>`${projects.snapshot}->>'name'`,
      created_at: projects.created_at,
      recipients_count: projectCounters.recipients,
    })
    .from(projects)
    .innerJoin(projectCounters, eq(projectCounters.project_id, projects.id))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${projects.title})`), asc(projects.id))
    .limit(INDEX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    ...(wanted.has('key') ? { key: row.key } : {}),
    ...(wanted.has('certificate_name') ? { certificate_name: row.certificate_name } : {}),
    ...(wanted.has('created_at') ? { created_at: row.created_at.toISOString() } : {}),
    ...(query.recipients_count ? { recipients_count: row.recipients_count } : {}),
  }));
}

/**
 * Counts a project's recipients by state again from the recipients (the same rules as the triggers of
 * migrations 0013 and 0021), under the counters row's lock so a delivery recorded meanwhile waits for it.
 */
export async function refreshProjectHistory(context: AppContext, member: Member, projectId: number) {
  const project = await findProject(context, member, projectId);
  await context.db.transaction(async (tx) => {
    await tx.select().from(projectCounters).where(eq(projectCounters.project_id, project.id)).for('update');
    await tx.execute(sql`
      update project_counters c set
        recipients = r.recipients, draft = r.draft, pending = r.pending, sent = r.sent, bounced = r.bounced,
        failed = r.failed, suppressed = r.suppressed, unvisited = r.unvisited, opened = r.opened, sendable = r.sendable
      from (
        select
          count(*)::int as recipients,
          count(*) filter (where state = 'draft')::int as draft,
          count(*) filter (where state in ('queued', 'sending'))::int as pending,
          count(*) filter (where state = 'sent')::int as sent,
          count(*) filter (where state = 'bounced')::int as bounced,
          count(*) filter (where state = 'failed')::int as failed,
          count(*) filter (where state = 'suppressed')::int as suppressed,
          count(*) filter (where state = 'sent' and accessed_at is null)::int as unvisited,
          count(*) filter (where accessed_at is not null)::int as opened,
          count(*) filter (where state = 'draft' or (state = 'failed' and resend_errored < p.resend_limit))::int as sendable
        from recipients, projects p where project_id = ${project.id} and p.id = ${project.id}
      ) r
      where c.project_id = ${project.id}`);
  });
  return project;
}

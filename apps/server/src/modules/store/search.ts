import type { SearchFilter, SearchSort, StatusFilter } from '@laurel/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { projects, recipients } from '../../db/schema.ts';
import { type Viewer, visibleProjects } from '../projects/index.ts';

/** The order of each sort the global search offers. */
const SEARCH_ORDER: Record<SearchSort, SQL[]> = {
  newest: [desc(recipients.id)],
  oldest: [asc(recipients.id)],
  name: [asc(recipients.last_name), asc(recipients.first_name), asc(recipients.id)],
  email: [asc(recipients.email), asc(recipients.id)],
  sent_at: [sql`${recipients.sent_at} desc nulls last`, desc(recipients.id)],
  project: [asc(projects.title), asc(recipients.last_name), asc(recipients.id)],
};

function statusCondition(status: StatusFilter): SQL {
  switch (status) {
    case 'sent':
      return eq(recipients.state, 'sent');
    case 'unsent':
      return eq(recipients.state, 'draft');
    case 'pending':
      return inArray(recipients.state, ['queued', 'sending']);
    case 'undeliverable':
      return inArray(recipients.state, ['bounced', 'failed', 'suppressed']);
    case 'bounced':
    case 'failed':
    case 'suppressed':
      return eq(recipients.state, status);
    case 'opened':
      return isNotNull(recipients.accessed_at);
    case 'not_opened':
      return and(eq(recipients.state, 'sent'), isNull(recipients.accessed_at))!;
    case 'revoked':
      return isNotNull(recipients.revoked_at);
  }
}

/** A date-only bound covers the whole day: `from` its first moment, `to` its last. */
function bound(value: string, edge: 'from' | 'to'): Date {
  if (value.length > 10) return new Date(value);
  const day = new Date(`${value}T00:00:00Z`);
  return edge === 'from' ? day : new Date(day.getTime() + 86_400_000 - 1);
}

/**
 * The conditions of a search over an account's recipients: scoped to the account and to the projects
 * the viewer may see (the query joins `projects`), then each filter given.
 */
export function searchConditions(viewer: Viewer, filter: SearchFilter): SQL {
  const conditions: SQL[] = [eq(recipients.account_id, viewer.accountId), visibleProjects(viewer)];
  const fullName = sql`(${recipients.first_name} || ' ' || ${recipients.last_name})`;
  if (filter.like) {
    const p = containsPattern(filter.like);
    conditions.push(or(ilike(fullName, p), ilike(recipients.email, p), ilike(recipients.certificate_number, p))!);
  }
  if (filter.name) conditions.push(ilike(fullName, containsPattern(filter.name)));
  if (filter.email) conditions.push(ilike(recipients.email, containsPattern(filter.email)));
  if (filter.project) {
    const p = containsPattern(filter.project);
    conditions.push(or(ilike(projects.title, p), ilike(projects.key, p))!);
  }
  if (filter.certificate) {
    const p = containsPattern(filter.certificate);
    conditions.push(or(sql`${projects.snapshot}->>'name' ilike ${p}`, ilike(recipients.certificate_number, p))!);
  }
  if (filter.project_id) conditions.push(eq(recipients.project_id, filter.project_id));
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.sent_from) conditions.push(sql`${recipients.sent_at} >= ${bound(filter.sent_from, 'from').toISOString()}`);
  if (filter.sent_to) conditions.push(sql`${recipients.sent_at} <= ${bound(filter.sent_to, 'to').toISOString()}`);
  for (const [key, value] of Object.entries(filter.fields ?? {})) {
    if (value) conditions.push(sql`${recipients.meta}->>${key} ilike ${containsPattern(value)}`);
  }
  return and(...conditions)!;
}

/** The columns a search row carries besides the recipient: what the store shows of their project. */
export const projectLabelColumns = {
  project_title: projects.title,
  certificate_name: sql<string>`${projects.snapshot}->>'name'`,
};

/** One page of the global search, and how many recipients match in all. */
export async function searchRecipients(
  context: AppContext,
  viewer: Viewer,
  filter: SearchFilter,
  page: { limit: number; offset: number; sort: SearchSort },
) {
  const where = searchConditions(viewer, filter);
  const [rows, [total]] = await Promise.all([
    context.db
      .select({ recipient: recipients, ...projectLabelColumns })
      .from(recipients)
      .innerJoin(projects, eq(projects.id, recipients.project_id))
      .where(where)
      .orderBy(...SEARCH_ORDER[page.sort])
      .limit(page.limit)
      .offset(page.offset),
    context.db.select({ value: count() }).from(recipients).innerJoin(projects, eq(projects.id, recipients.project_id)).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

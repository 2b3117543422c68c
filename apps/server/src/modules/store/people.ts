import type { PeopleSort, Person } from '@laurel/domain';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { projects, recipients } from '../../db/schema.ts';
import { type Viewer, visibleProjects } from '../projects/index.ts';
import { projectLabelColumns } from './search.ts';

/**
 * The Recipients list (docs/product/store.md#screens) is a list of people: one row per email address, with what they
 * received across every project the viewer can see. Addresses are stored lowercased, so grouping by
 * the column is grouping by person.
 */
const person = {
  email: recipients.email,
  /** The name they were given most recently: a later project may have corrected it. */
  first_name: sql<string>`(array_agg(${recipients.first_name} order by ${recipients.id} desc))[1]`,
  last_name: sql<string>`(array_agg(${recipients.last_name} order by ${recipients.id} desc))[1]`,
  certificates: sql<number>`count(*)::int`,
  projects: sql<number>`count(distinct ${recipients.project_id})::int`,
  sent: sql<number>`count(*) filter (where ${recipients.state} = 'sent')::int`,
  opened: sql<number>`count(*) filter (where ${recipients.accessed_at} is not null)::int`,
  undeliverable: sql<number>`count(*) filter (where ${recipients.state} in ('bounced', 'failed', 'suppressed'))::int`,
  last_sent_at: sql<string | null>`max(${recipients.sent_at})`,
  last_added_at: sql<string>`max(${recipients.created_at})`,
};

const PEOPLE_ORDER: Record<PeopleSort, SQL> = {
  newest: sql`max(${recipients.id}) desc`,
  name: sql`(array_agg(${recipients.last_name} order by ${recipients.id} desc))[1] asc, ${recipients.email} asc`,
  email: sql`${recipients.email} asc`,
  certificates: sql`count(*) desc, ${recipients.email} asc`,
  last_sent: sql`max(${recipients.sent_at}) desc nulls last, ${recipients.email} asc`,
};

const toIso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export async function listPeople(
  context: AppContext,
  viewer: Viewer,
  query: { limit: number; offset: number; like?: string; sort: PeopleSort },
): Promise<{ rows: Person[]; count: number }> {
  const conditions = [eq(recipients.account_id, viewer.accountId), visibleProjects(viewer)];
  if (query.like) {
    const p = containsPattern(query.like);
    conditions.push(or(ilike(sql`(${recipients.first_name} || ' ' || ${recipients.last_name})`, p), ilike(recipients.email, p))!);
  }
  const where = and(...conditions);
  const joined = () =>
    context.db
      .select(person)
      .from(recipients)
      .innerJoin(projects, eq(projects.id, recipients.project_id))
      .where(where)
      .groupBy(recipients.email);
  const [rows, [total]] = await Promise.all([
    joined().orderBy(PEOPLE_ORDER[query.sort]).limit(query.limit).offset(query.offset),
    context.db
      .select({ value: sql<number>`count(distinct ${recipients.email})::int` })
      .from(recipients)
      .innerJoin(projects, eq(projects.id, recipients.project_id))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, last_sent_at: toIso(row.last_sent_at), last_added_at: toIso(row.last_added_at)! })),
    count: total?.value ?? 0,
  };
}

/** Every certificate one person received from the account, newest first, with its project. */
export async function personCertificates(context: AppContext, viewer: Viewer, email: string) {
  return context.db
    .select({ recipient: recipients, project_id: projects.id, project_created_at: projects.created_at, ...projectLabelColumns })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(and(eq(recipients.account_id, viewer.accountId), eq(recipients.email, email.trim().toLowerCase()), visibleProjects(viewer)))
    .orderBy(desc(recipients.id))
    .limit(500);
}

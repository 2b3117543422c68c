import { FIELD_KEYS } from '@laurel/certificate';
import type { V1Page, V1RecipientInput } from '@laurel/domain';
import { and, asc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { accounts, certificateSets, recipients } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { visibleSetFilter } from '../../http/permissions.ts';
import { findProject, readProjectCounters } from '../projects/index.ts';
import type { Member } from './key-auth.ts';
import { presentProject, presentRecipient, presentSet } from './presenter.ts';

/** One page by id: one row more than asked tells whether another page follows. */
async function page<T extends { id: number }>(limit: number, fetch: (limit: number) => Promise<T[]>) {
  const rows = await fetch(limit + 1);
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  return { rows: data, has_more, next_cursor: has_more ? String(data.at(-1)!.id) : null };
}

const after = (column: AnyPgColumn, cursor?: string) => (cursor ? [gt(column, Number(cursor))] : []);

/** The sets the key's user may see, by the same rule as the app's set list (sub-users limited to theirs). */
function visibleSets(member: Member): SQL {
  const conditions = [eq(certificateSets.account_id, member.accountId), isNull(certificateSets.deleted_at)];
  const filter = visibleSetFilter(member.user);
  if (filter)
    conditions.push(
      or(inArray(certificateSets.id, filter.ids.length ? filter.ids : [-1]), eq(certificateSets.created_by, filter.createdBy))!,
    );
  return and(...conditions)!;
}

export async function listSets(context: AppContext, member: Member, query: V1Page) {
  const result = await page(query.limit, (limit) =>
    context.db
      .select()
      .from(certificateSets)
      .where(and(visibleSets(member), ...after(certificateSets.id, query.starting_after)))
      .orderBy(asc(certificateSets.id))
      .limit(limit),
  );
  return { object: 'list' as const, data: result.rows.map(presentSet), has_more: result.has_more, next_cursor: result.next_cursor };
}

export async function projectReply(context: AppContext, project: Parameters<typeof presentProject>[0]) {
  return presentProject(project, await readProjectCounters(context, project.id));
}

export async function listProjectRecipients(context: AppContext, member: Member, projectId: number, query: V1Page) {
  const project = await findProject(context, member, projectId);
  const result = await page(query.limit, (limit) =>
    context.db
      .select()
      .from(recipients)
      .where(and(eq(recipients.project_id, project.id), ...after(recipients.id, query.starting_after)))
      .orderBy(asc(recipients.id))
      .limit(limit),
  );
  return {
    object: 'list' as const,
    data: result.rows.map((row) => presentRecipient(row, context.env.PUBLIC_URL)),
    has_more: result.has_more,
    next_cursor: result.next_cursor,
  };
}

/** A recipient as the send wizard maps it: the set's field keys, names and email under theirs. */
export const mappedRow = (input: V1RecipientInput): Record<string, string> => ({
  ...input.fields,
  [FIELD_KEYS.first]: input.first_name,
  [FIELD_KEYS.last]: input.last_name,
  [FIELD_KEYS.email]: input.email,
});

/** The credits the key's user sends with: the account's, and a team member's own allocation when they have one. */
export async function readCredits(context: AppContext, member: Member) {
  const [account] = await context.db
    .select({ credits: accounts.credits, subscription: accounts.subscription_credits })
    .from(accounts)
    .where(eq(accounts.id, member.accountId));
  if (!account) throw notFound();
  const allocated = member.user.allocated_credits;
  return {
    object: 'credits' as const,
    pay_as_you_go: account.credits,
    subscription: account.subscription,
    allocation: member.user.roles[0] === 'account_user' && allocated >= 0 ? allocated : null,
  };
}

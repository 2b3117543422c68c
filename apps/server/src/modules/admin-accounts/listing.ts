import {
  ACCOUNT_SORT_FIELDS,
  type AccountFilterReply,
  type AccountPick,
  type AccountSortField,
  type AdminAccountRow,
  type accountFilterQuery,
  accountTrialDaysRemaining,
  activePlan,
  certificateSetLimit,
  DEFAULT_CATEGORY,
  givenCategory,
  PLANS,
  planDisplayName,
} from '@laurel/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';

type FilterQuery = z.output<typeof accountFilterQuery>;

interface ListedRow {
  id: number;
  name: string;
  url: string;
  category: string;
  credits: number;
  subscription_credits: number;
  allowed_sets: number;
  credits_owed: number;
  stripe_active: boolean;
  stripe_plan: string | null;
  is_banned: boolean;
  recipients_no_login: boolean;
  notify_days: number[];
  trial_started_at: Date | string;
  created_at: Date | string;
  last_login_at: Date | string | null;
  admin_id: number | null;
  admin_email: string | null;
  admin_first_name: string | null;
  admin_last_name: string | null;
  admin_confirmed: boolean | null;
  admin_banned: boolean | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();

/** `field:value` pairs; an unknown field is refused so a typo never silently lists everything. */
function parsePairs(values: string[] | undefined): [string, string][] {
  return (values ?? []).map((pair) => {
    const at = pair.indexOf(':');
    return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
  });
}

/** The filter conditions over `a` (accounts); every one is a bound parameter. */
function conditions(query: FilterQuery): SQL[] {
  const where: SQL[] = [sql`a.deleted_at is null`];
  if (query.dateStart) where.push(sql`a.created_at >= ${query.dateStart}::date`);
  // The end day is included: before the start of the day after.
  if (query.dateEnd) where.push(sql`a.created_at < ${query.dateEnd}::date + 1`);
  for (const [field, value] of parsePairs(query['filters[]'])) {
    if (field === 'plan') {
      if (value === 'free' || value === '') where.push(sql`not a.stripe_active`);
      else where.push(sql`a.stripe_active and a.stripe_plan = ${value}`);
    } else if (field === 'category') {
      // `category:` is an account that gave none: blank, or the registration form's placeholder.
      if (givenCategory(value) === null) where.push(sql`btrim(a.category) in ('', ${DEFAULT_CATEGORY})`);
      else where.push(sql`a.category = ${value}`);
    } else if (field === 'banned') where.push(value === '1' || value === 'true' ? sql`a.is_banned` : sql`not a.is_banned`);
    else if (field === 'search') {
      const text = value.trim().toLowerCase();
      if (!text) continue;
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const asId = /^\d{1,9}$/.test(text) ? Number(text) : -1;
      where.push(
        sql`(a.id = ${asId} or lower(a.name) like ${like} or a.url like ${like}
          or exists (select 1 from users s where s.account_id = a.id and s.email like ${like}))`,
      );
    } else throw badRequest(`Unknown filter: ${field}.`, { field: 'filters' });
  }
  return where;
}

const SORT_SQL: Record<AccountSortField, SQL> = {
  created_at: sql`a.created_at`,
  name: sql`lower(a.name)`,
  credits: sql`(a.credits + a.subscription_credits)`,
  last_login_at: sql`last_login.at`,
  id: sql`a.id`,
};

function ordering(query: FilterQuery): SQL {
  const [first] = parsePairs(query['sorting[]']);
  const field = (first?.[0] ?? 'created_at') as AccountSortField;
  if (!ACCOUNT_SORT_FIELDS.includes(field)) throw badRequest(`Unknown sort field: ${field}.`, { field: 'sorting' });
  const direction = first?.[1]?.toLowerCase() === 'asc' ? sql`asc` : sql`desc`;
  // The id breaks ties, so pages never repeat or skip a row.
  return sql`${SORT_SQL[field]} ${direction} nulls last, a.id ${direction}`;
}

function present(row: ListedRow, now: Date): AdminAccountRow {
  const planHolder = { ...row, stripe_active: row.stripe_active, stripe_plan: row.stripe_plan };
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    category: givenCategory(row.category),
    credits: row.credits,
    subscription_credits: row.subscription_credits,
    allowed_sets: row.allowed_sets,
    certificate_set_limit: certificateSetLimit(planHolder),
    credits_owed: row.credits_owed,
    stripe_active: row.stripe_active,
    stripe_plan: row.stripe_plan,
    plan: { id: activePlan(planHolder)?.id ?? null, display_name: planDisplayName(planHolder) },
    is_banned: row.is_banned,
    noLogin: row.recipients_no_login,
    notify_days: row.notify_days,
    trial_days_remaining: accountTrialDaysRemaining({ ...planHolder, trial_started_at: new Date(row.trial_started_at) }, now),
    created_at: iso(row.created_at),
    last_login_at: row.last_login_at ? iso(row.last_login_at) : null,
    admin:
      row.admin_id === null
        ? null
        : {
            id: row.admin_id,
            email: row.admin_email ?? '',
            first_name: row.admin_first_name ?? '',
            last_name: row.admin_last_name ?? '',
            confirmed: !!row.admin_confirmed,
            banned: !!row.admin_banned,
          },
  };
}

/** The categories in use as filter choices; the accounts that gave none are one choice, `Not given`, last. */
function categoryChoices(categories: string[]): { id: string; title: string }[] {
  const given = [...new Set(categories.map(givenCategory).filter((c): c is string => c !== null))];
  const choices = given.map((c) => ({ id: c, title: c }));
  return categories.some((c) => givenCategory(c) === null) ? [...choices, { id: '', title: 'Not given' }] : choices;
}

/**
 * `GET accounts/filter`: one query for the page (each account's admin and latest sign-in read through
 * the users index per account) and one for the count, which also gathers the categories in use.
 */
export async function filterAccounts(context: AppContext, query: FilterQuery): Promise<AccountFilterReply> {
  const where = sql.join(conditions(query), sql` and `);
  const [page, totals] = await Promise.all([
    context.db.execute(sql`
      select a.id, a.name, a.url, a.category, a.credits, a.subscription_credits, a.allowed_sets, a.credits_owed, a.stripe_active,
        a.stripe_plan, a.is_banned, a.recipients_no_login, a.notify_days, a.trial_started_at, a.created_at,
        last_login.at as last_login_at, admin.id as admin_id, admin.email as admin_email,
        admin.first_name as admin_first_name, admin.last_name as admin_last_name,
        admin.confirmed_at is not null as admin_confirmed, admin.banned as admin_banned
      from accounts a
      left join lateral (
        select u.id, u.email, u.first_name, u.last_name, u.confirmed_at, u.banned from users u
        where u.account_id = a.id and u.roles[1] = 'account_admin' order by u.id limit 1
      ) admin on true
      left join lateral (select max(u.last_login_at) as at from users u where u.account_id = a.id) last_login on true
      where ${where}
      order by ${ordering(query)}
      limit ${query.limit} offset ${query.offset}`),
    context.db.execute(sql`
      select (select count(*)::int from accounts a where ${where}) as count,
        (select coalesce(array_agg(distinct c.category order by c.category), '{}') from accounts c where c.deleted_at is null) as categories`),
  ]);
  const now = context.clock.now();
  const total = rowsOf<{ count: number; categories: string[] }>(totals)[0];
  return {
    accounts: rowsOf<ListedRow>(page).map((row) => present(row, now)),
    count: total?.count ?? 0,
    plans: [{ id: 'free', title: 'Free' }, ...PLANS.map((p) => ({ id: p.id, title: p.display_name }))],
    categories: categoryChoices(total?.categories ?? []),
  };
}

/** `GET accounts/superadmin`: a few accounts by id, name or URL, for the credits and subscriptions screens. */
export async function pickAccounts(context: AppContext, like: string, limit: number): Promise<AccountPick[]> {
  const query = { 'filters[]': like ? [`search:${like}`] : [], 'sorting[]': ['name:asc'], limit, offset: 0 } as FilterQuery;
  const { accounts } = await filterAccounts(context, query);
  return accounts.map((a) => ({
    id: a.id,
    name: a.name,
    url: a.url,
    credits: a.credits,
    subscription_credits: a.subscription_credits,
    plan: a.plan,
  }));
}

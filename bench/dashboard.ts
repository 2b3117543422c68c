/**
 * Dashboard benchmark (issue 20): one account with 200,000 recipients over 2,000 projects on PostgreSQL
 * (DATABASE_URL, or a throwaway cluster), bulk-inserted with SQL, their sends, opens, downloads, LinkedIn
 * adds and bounces spread over the past year. Times the dashboard's calls through the HTTP app and
 * prints, as its last line, `statistics_p95_ms=… progress_p95_ms=… accounts_filter_p95_ms=…`
 * (`n/a` for a call this build does not have).
 *
 *   npm run bench:dashboard
 *   BENCH_RECIPIENTS=20000 BENCH_PROJECTS=200 npm run bench:dashboard
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { accounts, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { startLaurel } from '../apps/server/src/server.ts';
import { startThrowawayPostgres } from '../apps/server/test/helpers/throwaway-postgres.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 200_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const cluster = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-bench-dashboard-'));
const laurel = await startLaurel(
  parseEnv({
    DATABASE_URL: process.env.DATABASE_URL ?? cluster!.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://laurel.bench',
    BASE_DOMAIN: 'laurel.bench',
    LOG_LEVEL: 'error',
    WORKERS: '0',
    ADMIN_EMAIL: 'root@bench.test',
    ADMIN_PASSWORD: 'bench-root-password-42',
  }),
  { schedules: false },
);
await laurel.app.ready();
const db = laurel.context.db;

// The account and its admin, written directly: the bench measures reading, not signing up.
const password = 'bench-owner-password-42';
const [account] = await db
  .insert(accounts)
  .values({ name: 'Bench Institute', url: `bench${Date.now().toString(36)}`, stripe_active: true, stripe_plan: 'professional-monthly-3' })
  .returning({ id: accounts.id });
const accountId = account!.id;
const [owner] = await db
  .insert(users)
  .values({
    email: `owner.${accountId}@bench.test`,
    username: `owner.${accountId}@bench.test`,
    first_name: 'Bea',
    last_name: 'Bench',
    roles: ['account_admin'],
    account_id: accountId,
    password_hash: await hashPassword(password),
    confirmed_at: new Date(),
  })
  .returning({ id: users.id, email: users.email });

let started = performance.now();
await db.execute(sql`
  insert into projects (account_id, user_id, title, snapshot, created_at, updated_at)
  select ${accountId}, ${owner!.id}, 'Bench project ' || g, '{"name":"Bench","design":{},"email":{}}'::jsonb,
    now() - (g % 365) * interval '1 day', now()
  from generate_series(1, ${PROJECTS}) g`);
// Per recipient: sent some day in the past year (a project's recipients in the same week); 40% opened
// within days, 20% downloaded, 5% added to LinkedIn; 3% bounced; 5% not sent yet. Emails repeat, as
// people earn more than one certificate.
await db.execute(sql`
  with p as (select id, row_number() over (order by id) as n from projects where account_id = ${accountId})
  insert into recipients (project_id, account_id, first_name, last_name, email, token, certificate_number, state,
    sent_at, accessed_at, downloaded_at, linkedin_at, created_at, updated_at)
  select p.id, ${accountId}, 'First', 'Last ' || g, 'person' || (g % ${Math.round(RECIPIENTS * 0.7)}) || '@bench.example',
    md5(random()::text || g) || md5(g::text), 'B-' || g,
    case when g % 100 < 5 then 'draft' when g % 100 < 8 then 'bounced' else 'sent' end,
    case when g % 100 >= 8 then t.sent end,
    case when g % 100 >= 8 and g % 10 < 4 then t.sent + interval '2 days' end,
    case when g % 100 >= 8 and g % 10 < 2 then t.sent + interval '3 days' end,
    case when g % 100 >= 8 and g % 20 = 0 then t.sent + interval '4 days' end,
    t.sent, t.sent
  from generate_series(1, ${RECIPIENTS}) g
  join p on p.n = 1 + (g % ${PROJECTS})
  cross join lateral (select now() - ((p.n * 7919) % 365) * interval '1 day' - (g % 24) * interval '1 hour' as sent) t`);
await db.execute(sql`analyze`);
console.log(`inserted ${PROJECTS} projects and ${RECIPIENTS} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);

let token = '';
async function call(method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await laurel.app.inject({
    method,
    url,
    headers: { host: 'laurel.bench', ...(token ? { authentication: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}
async function signIn(email: string, secret: string) {
  token = '';
  const { csrf_token } = await call('GET', '/api/auth/csrf');
  token = (await call('POST', '/api/auth', { email, password: secret, csrf_token })).token;
}

/** p95 of `RUNS` sequential calls after a few warm-up ones, in milliseconds. */
async function p95(url: string): Promise<number> {
  for (let i = 0; i < 5; i++) await call('GET', url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await call('GET', url);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.ceil(times.length * 0.95) - 1]! * 10) / 10;
}

await signIn(owner!.email, password);
const month = await call('GET', '/api/dashboard/statistics?range=30d');
const year = await call('GET', '/api/dashboard/statistics?range=12m');
console.log(`30 days: ${JSON.stringify(month.totals)}`);
console.log(`12 months: ${JSON.stringify(year.totals)}`);
const statistics = await p95('/api/dashboard/statistics?range=30d');
const statisticsYear = await p95('/api/dashboard/statistics?range=12m');
const progress = await p95('/api/dashboard/progress');
const projectsCount = await p95('/api/projects/count');
console.log(`statistics 30d p95 ${statistics} ms; 12m p95 ${statisticsYear} ms; projects/count p95 ${projectsCount} ms`);

let accountsFilter = 'n/a';
if (laurel.app.hasRoute({ method: 'GET', url: '/api/accounts/filter' })) {
  await signIn('root@bench.test', 'bench-root-password-42');
  accountsFilter = String(await p95('/api/accounts/filter?limit=10&offset=0'));
} else {
  console.log('GET /api/accounts/filter is not in this build: accounts_filter_p95_ms=n/a');
}

await laurel.close();
cluster?.stop();
rmSync(dataDir, { recursive: true, force: true });
// The dashboard opens on the 30-day range; the 12-month figure is printed above.
console.log(`statistics_p95_ms=${statistics} progress_p95_ms=${progress} accounts_filter_p95_ms=${accountsFilter}`);

/**
 * Scale-out benchmark: one API process (WORKERS=0) and 1, 2 then 4 worker processes from the server
 * build, on a throwaway PostgreSQL, each round sending BENCH_RECIPIENTS (10,000) to a local SMTP sink
 * while the API answers 100 requests a second of store reads and certificate pages. Prints a table, the
 * resource that limited the send (from the processes' CPU times in /proc), and one machine-readable line:
 * `w1_per_s=… w2_per_s=… w4_per_s=… api_p99_ms_under_send=…`.
 *
 *   npm run bench:scale
 *   BENCH_RECIPIENTS=2000 npm run bench:scale
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { parseEnv } from '../apps/server/src/config/env.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { mailMessages, recipients } from '../apps/server/src/db/schema.ts';
import { grantCredits } from '../apps/server/src/modules/credits/ledger.ts';
import { startLaurel } from '../apps/server/src/server.ts';
import { buildServer, type LaurelProcess, request, startApiProcess, startWorkerProcess } from '../apps/server/test/helpers/cluster.ts';
import { freePort } from '../apps/server/test/helpers/free-port.ts';
import { startThrowawayPostgres } from '../apps/server/test/helpers/throwaway-postgres.ts';

const COUNT = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const ROUNDS = [1, 2, 4];
const WORKER_CONCURRENCY = 4;
const API_RATE = 100;
const CORES = cpus().length;

// The sink counts certificate mail without parsing it: its CPU is the bench process's own.
let accepted = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      if (session.envelope.rcptTo.every((r) => r.address.endsWith('@bench.example'))) accepted++;
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => sink.listen(smtpPort, '127.0.0.1', () => resolve()));

buildServer();
const cluster = await startThrowawayPostgres();
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-bench-scale-'));
const env = {
  DATABASE_URL: cluster.url,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
  DATA_DIR: dataDir,
  APP_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://laurel.bench',
  BASE_DOMAIN: 'laurel.bench',
  LOG_LEVEL: 'error',
  SEND_RATE_PER_ACCOUNT: '10000',
};
// In this process, without workers: migrations, the account's setup, and the database reads.
const local = await startLaurel(parseEnv({ ...env, WORKERS: '0' }), { schedules: false });
const db = local.context.db;
const api = await startApiProcess({ env, host: '127.0.0.2' });

// The account, as a customer makes one: register, confirm from the mailed code, sign in.
const email = 'owner@scale.bench';
const password = 'bench-owner-password-42';
const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const reply = await request(api.url, 'POST', url, { body, headers });
  if (reply.status >= 400) throw new Error(`POST ${url}: ${reply.status} ${reply.body}`);
  return reply.json<Record<string, unknown>>();
};
await post('/api/registration/account', {
  email,
  first_name: 'Sam',
  last_name: 'Scale',
  opt_in: false,
  account_name: 'Scale Institute',
  url: 'scale',
});
const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.to_address, email)).orderBy(desc(mailMessages.id)).limit(1);
const code = /\/user\/confirm\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
await post('/api/users/confirm/password', { code, password, password_confirmation: password, accept_terms: true });
const csrf = (await request(api.url, 'GET', '/api/auth/csrf')).json<{ csrf_token: string }>().csrf_token;
const login = (await post('/api/auth', { email, password, csrf_token: csrf })) as { token: string; user: { account: { id: number } } };
const auth = { authentication: login.token };
await db.transaction((tx) =>
  grantCredits(tx as unknown as Db, {
    accountId: login.user.account.id,
    bucket: 'payg',
    amount: COUNT * ROUNDS.length + 300,
    kind: 'purchase',
    at: new Date(),
  }),
);
const set = (await post(
  '/api/certificates',
  {
    name: 'Scale certificate',
    elements: [
      {
        type: 'name',
        content: '[FIRST NAME] [LAST NAME]',
        styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
      },
    ],
  },
  auth,
)) as { id: number };

async function sendProject(title: string, count: number): Promise<number> {
  const rows = Array.from({ length: count }, (_, i) => ({
    FIRST_NAME: 'Ines',
    LAST_NAME: `Moreau ${i}`,
    'Email Address': `r${i}@bench.example`,
  }));
  const project = (await post('/api/projects', { title, certificate_id: set.id, recipients: rows }, auth)) as { id: number };
  await post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Scale Institute' }, auth);
  return project.id;
}

// CPU time of a process and, for PostgreSQL, of the postmaster's children too.
const ticks = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 };
  } catch {
    return { ppid: 0, ms: 0 };
  }
};
const pgPort = new URL(cluster.url).port;
const postmaster = Number(
  readdirSync('/proc').find((entry) => {
    try {
      return Number(entry) > 0 && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`\0-p\0${pgPort}\0`);
    } catch {
      return false;
    }
  }),
);
function postgresCpuMs(): number {
  let total = ticks(postmaster).ms;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    const stat = ticks(pid);
    if (stat.ppid === postmaster) total += stat.ms;
  }
  return total;
}
/** Busy and total jiffies of the whole machine (/proc/stat), to tell our load from everyone else's. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3]! + (n[4] ?? 0);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const selfCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

// A few hundred sent certificates to load pages of while the rounds send.
console.error('setting up: a first send of 200 certificates');
const warmWorker = await startWorkerProcess({ env, workers: WORKER_CONCURRENCY });
const warmId = await sendProject('Certificates to read', 200);
while (accepted < 200) await new Promise((r) => setTimeout(r, 200));
await warmWorker.stop();
const tokens = (await db.select({ token: recipients.token }).from(recipients).where(eq(recipients.project_id, warmId))).map((r) => r.token);

/** 100 requests a second until stopped: project list, a send's progress, certificate pages. */
function apiLoad(progressOf: () => number) {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    const url =
      i % 4 === 0 ? '/api/projects' : i % 4 === 1 ? `/api/projects/${progressOf()}/progress` : `/api/c/${tokens[i % tokens.length]}`;
    const started = performance.now();
    request(api.url, 'GET', url, { headers: auth }).then(
      (reply) => {
        latencies.push(performance.now() - started);
        if (reply.status !== 200) failures++;
      },
      () => failures++,
    );
  }, 1000 / API_RATE);
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { p50: at(0.5), p99: at(0.99), requests: latencies.length, failures };
    },
  };
}

interface Round {
  workers: number;
  perSecond: number;
  seconds: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  cores: { workers: number; api: number; postgres: number; sink: number };
  /** Cores the whole machine was busy, ours and everyone else's. */
  machine: number;
}
const rounds: Round[] = [];
for (const count of ROUNDS) {
  console.error(`round with ${count} worker process(es)`);
  const workers: LaurelProcess[] = [];
  for (let i = 0; i < count; i++) workers.push(await startWorkerProcess({ env, workers: WORKER_CONCURRENCY }));
  const machineBefore = machineTicks();
  const before = { workers: workers.map((w) => w.cpuMs()), api: api.cpuMs(), postgres: postgresCpuMs(), sink: selfCpuMs() };
  const acceptedBefore = accepted;
  let projectId = warmId;
  const load = apiLoad(() => projectId);
  const started = performance.now();
  projectId = await sendProject(`Round of ${count}`, COUNT);
  let shown = performance.now();
  while (accepted - acceptedBefore < COUNT) {
    await new Promise((r) => setTimeout(r, 100));
    if (performance.now() - shown > 10_000) {
      shown = performance.now();
      console.error(`  ${accepted - acceptedBefore} accepted`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const latency = load.stop();
  const wall = seconds * 1000;
  const cores = {
    workers: workers.reduce((sum, w, i) => sum + w.cpuMs() - before.workers[i]!, 0) / wall,
    api: (api.cpuMs() - before.api) / wall,
    postgres: (postgresCpuMs() - before.postgres) / wall,
    sink: (selfCpuMs() - before.sink) / wall,
  };
  const machineAfter = machineTicks();
  const machine = ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * CORES;
  rounds.push({ workers: count, perSecond: COUNT / seconds, seconds, ...latency, cores, machine });
  // The round's last batches are recorded before its workers stop: nothing is left for the next round.
  const finished = async () =>
    (await request(api.url, 'GET', `/api/projects/${projectId}/progress`, { headers: auth })).json<{ finished: boolean }>().finished;
  while (!(await finished())) await new Promise((r) => setTimeout(r, 200));
  for (const worker of workers) await worker.stop();
}

console.error('stopping');
await api.stop();
await local.close();
await new Promise<void>((resolve) => sink.close(() => resolve()));
cluster.stop();
rmSync(dataDir, { recursive: true, force: true });

const f = (n: number, d = 0) => n.toFixed(d);
console.log(`recipients=${COUNT} per round, ${CORES} cores, API load ${API_RATE}/s (project list, progress, certificate pages)`);
console.log('workers  per_s  seconds  api_p50_ms  api_p99_ms  requests  failed  cores: workers  api  postgres  sink+bench  machine');
for (const r of rounds) {
  console.log(
    `${String(r.workers).padStart(7)}  ${f(r.perSecond).padStart(5)}  ${f(r.seconds, 1).padStart(7)}  ${f(r.p50, 1).padStart(10)}  ${f(r.p99, 1).padStart(10)}  ${String(r.requests).padStart(8)}  ${String(r.failures).padStart(6)}  ${f(r.cores.workers, 2).padStart(14)}  ${f(r.cores.api, 2).padStart(4)}  ${f(r.cores.postgres, 2).padStart(8)}  ${f(r.cores.sink, 2).padStart(10)}  ${f(r.machine, 2).padStart(7)}`,
  );
}
const last = rounds[rounds.length - 1]!;
const total = last.cores.workers + last.cores.api + last.cores.postgres + last.cores.sink;
const biggest = Object.entries(last.cores).sort((a, b) => b[1] - a[1])[0]!;
const others = Math.max(0, last.machine - total);
const named = { workers: 'the workers (rendering)', api: 'the API', postgres: 'the database', sink: 'the SMTP sink' } as const;
const limit =
  last.machine >= CORES * 0.85
    ? `CPU: the machine's ${CORES} cores were busy (${f(last.machine, 2)}); ours ${f(total, 2)}, most of it ${named[biggest[0] as keyof typeof named]} (${f(biggest[1], 2)}), other programs ${f(others, 2)}`
    : last.cores.postgres >= 0.8
      ? `the database: PostgreSQL used ${f(last.cores.postgres, 2)} cores`
      : `neither CPU (${f(last.machine, 2)} of ${CORES} cores busy) nor the database: waiting (locks, the SMTP sink's round trips)`;
console.log(`limit with ${last.workers} workers: ${limit}`);
console.log(
  `w1_per_s=${f(rounds[0]!.perSecond)} w2_per_s=${f(rounds[1]!.perSecond)} w4_per_s=${f(rounds[2]!.perSecond)} api_p99_ms_under_send=${f(Math.max(...rounds.map((r) => r.p99)))}`,
);

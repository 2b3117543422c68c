/**
 * Responsiveness benchmark (issue 15): starts the built app (`npm run build` first) on each
 * database in turn — PostgreSQL as an API process and a worker process, then PGlite with its
 * workers in the one process — stores BENCH_STORED recipients by really sending them (projects of
 * 10,000, each sent to the SMTP sink and awaited), then sends BENCH_RECIPIENTS more while a second
 * process drives 100 requests/s (health check, store list, an earlier recipient's certificate page).
 * Prints one line per database, PGlite last:
 * `db=… recipients=N send_per_s=N api_p99_ms=N api_max_ms=N loop_delay_max_ms=N`.
 *
 *   npm run bench:responsive
 *   BENCH_STORED=2000 BENCH_RECIPIENTS=1000 npm run bench:responsive
 *   BENCH_DBS=pglite npm run bench:responsive        (one database only)
 *   BENCH_SEND_LIMIT_S=300 npm run bench:responsive  (cut the measured send off sooner than 600 s)
 *   BENCH_SERVER_NODE_OPTIONS=--cpu-prof npm run bench:responsive  (options for the server processes)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from '../apps/server/test/helpers/throwaway-postgres.ts';
import { LOOP_DELAY_PERIOD_MS, startApp } from './responsive/app.ts';
import type { LoadPlan, LoadResult } from './responsive/load.ts';
import { createAccount, createProject, sendAndWait } from './responsive/setup.ts';
import { startSink } from './responsive/sink.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const STORED = Number(process.env.BENCH_STORED ?? 20_000);
const SEND_SIZE = 10_000;
const REQUESTS_PER_SECOND = 100;
/** The measured send is cut off after this long, and the line says so: a bench always prints its figures. */
const SEND_LIMIT_S = Number(process.env.BENCH_SEND_LIMIT_S ?? 600);
if (!(STORED >= 1 && RECIPIENTS >= 1)) throw new Error('BENCH_STORED and BENCH_RECIPIENTS must be at least 1.');

async function measure(db: 'postgres' | 'pglite'): Promise<string> {
  const sink = await startSink();
  const cluster = db === 'postgres' ? await startThrowawayPostgres() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-bench-responsive-'));
  const app = await startApp({ ...(cluster ? { databaseUrl: cluster.url } : {}), dataDir, smtpPort: sink.port });
  let load: ChildProcess | undefined;
  try {
    const account = await createAccount(app.url, sink, STORED + RECIPIENTS);
    for (let first = 0; first < STORED; first += SEND_SIZE) {
      const count = Math.min(SEND_SIZE, STORED - first);
      const projectId = await createProject(account, `Earlier send ${first / SEND_SIZE + 1}`, first, count);
      const sent = await sendAndWait(account, sink, projectId, count);
      const seconds = (sent.lastAt - sent.started) / 1000;
      console.log(`[${db}] stored ${sent.delivered} earlier recipients in ${seconds.toFixed(1)} s`);
    }

    const certificateToken = await sink.firstCertificateToken();
    const projectId = await createProject(account, 'Measured send', STORED, RECIPIENTS);
    load = fork(fileURLToPath(new URL('./responsive/load.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
    const plan: LoadPlan = {
      url: app.url,
      token: account.owner.token,
      perSecond: REQUESTS_PER_SECOND,
      targets: [
        { path: '/api/health', signedIn: false },
        // The store's project list, with each project's counters, as the store page asks for it.
        { path: '/api/projects?limit=10&offset=0&sort=id', signedIn: true },
        { path: `/api/c/${certificateToken}`, signedIn: false },
      ],
    };
    const driver = load;
    await new Promise((resolve) => {
      driver.once('message', resolve);
      driver.send(plan);
    });
    const sent = await sendAndWait(account, sink, projectId, RECIPIENTS, SEND_LIMIT_S * 1000);
    const result = await new Promise<LoadResult>((resolve) => {
      driver.once('message', (m) => resolve(m as LoadResult));
      driver.send('stop');
    });

    const seconds = (sent.lastAt - sent.started) / 1000;
    // The API process's periods that overlap the send, from its call to its last message.
    const loopDelay = Math.max(
      0,
      ...app.loopDelays.filter((d) => d.at >= sent.started && d.at <= sent.lastAt + LOOP_DELAY_PERIOD_MS).map((d) => d.ms),
    );
    const worst = Object.entries(result.maxByPath).map(([p, ms]) => `${p.replace(/\/c\/.*/, '/c/…')} ${Math.round(ms)}`);
    console.log(
      `[${db}] ${result.requests} requests, ${result.errors} failed; worst by path (ms): ${worst.join(', ')}; ` +
        `the worst was due ${result.worstDueS.toFixed(1)} s after the send call`,
    );
    return (
      `db=${db} recipients=${sent.delivered} send_per_s=${(sent.delivered / seconds).toFixed(1)} ` +
      `api_p99_ms=${Math.round(result.p99Ms)} api_max_ms=${Math.round(result.maxMs)} loop_delay_max_ms=${loopDelay}` +
      (sent.cutOff ? ` (cut off after ${SEND_LIMIT_S} s, ${result.errors} requests failed)` : '')
    );
  } finally {
    load?.kill();
    await app.stop();
    await sink.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
const DATABASES = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
for (const db of DATABASES) {
  lines.push(await measure(db));
  console.log(lines.at(-1));
}
console.log(`\n${lines.join('\n')}`);

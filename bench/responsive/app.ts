import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
export const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-42' };
/** How often the API process reports its event loop's worst delay. */
export const LOOP_DELAY_PERIOD_MS = 250;

export interface RunningApp {
  url: string;
  /** The API process's `loop_delay_max_ms` lines: when each was read (performance.now()) and its value. */
  loopDelays: { at: number; ms: number }[];
  stop(): Promise<void>;
}

/**
 * The built server as a deployment runs it: on PGlite one process serving and working; on
 * PostgreSQL (`databaseUrl`) an API process (WORKERS=0) and a worker process (`main.js worker`).
 */
export async function startApp(options: { databaseUrl?: string; dataDir: string; smtpPort: number }): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}?tls=off`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Both processes of the PostgreSQL layout sign and check the same tokens.
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    // For a look inside, e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/profile' (a file per thread).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  };
  const loopDelays: RunningApp['loopDelays'] = [];
  let listening = () => {};
  const api = spawnServer(
    'api',
    [],
    { ...env, WORKERS: options.databaseUrl ? '0' : '2', LOOP_DELAY_LOG_MS: String(LOOP_DELAY_PERIOD_MS) },
    (line) => {
      const delay = /^loop_delay_max_ms=(\d+)$/.exec(line);
      if (delay) loopDelays.push({ at: performance.now(), ms: Number(delay[1]) });
      else if (line.startsWith('Laurel is running')) listening();
    },
  );
  await new Promise<void>((resolve, reject) => {
    listening = resolve;
    api.once('exit', (code) => reject(new Error(`The API process exited with ${code} before it listened.`)));
  });
  // The worker starts once the API process has migrated the database.
  const worker = options.databaseUrl ? spawnServer('worker', ['worker'], { ...env, WORKERS: '2' }, () => {}) : null;
  return {
    url,
    loopDelays,
    async stop() {
      await Promise.all([worker, api].map((child) => child && stopChild(child)));
    },
  };
}

function spawnServer(name: string, args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [MAIN, ...args], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', (line) => console.error(`[${name}] ${line}`));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`[${name}] exited with ${code ?? signal}`);
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

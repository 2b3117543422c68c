import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './free-port.ts';

/**
 * Laurel as production runs it: separate API processes (`WORKERS=0`) and worker processes (`main.js
 * worker`) from the server build, on one PostgreSQL. Used by the scale-out test and `bench/scale.ts`.
 */

export const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Builds `apps/server/dist` from the current sources (esbuild: a few seconds). */
export function buildServer(): void {
  execFileSync('npm', ['run', 'build', '-w', '@laurel/server'], { cwd: path.resolve(serverRoot, '../..'), stdio: 'pipe' });
}

export interface LaurelProcess {
  readonly child: ChildProcess;
  /** `http://host:port` of an API process; empty for a worker. */
  readonly url: string;
  log(): string;
  /** User plus system CPU time so far, in milliseconds (Linux /proc). */
  cpuMs(): number;
  /** The main thread's nice value (Linux /proc). */
  nice(): number;
  /** SIGKILL: no shutdown, no goodbye, as a crashed machine. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the orderly shutdown. */
  stop(): Promise<void>;
}

export interface ProcessOptions {
  /** Shared by every process: DATABASE_URL, SMTP_URL, DATA_DIR, APP_SECRET... */
  env: Record<string, string>;
  /** The loopback address an API process listens on (127.0.0.2, 127.0.0.3...). */
  host?: string;
  /** Worker concurrency per job kind of a worker process. */
  workers?: number;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

function spawnLaurel(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js', ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { child, log: () => log };
}

function processHandle(child: ChildProcess, url: string, log: () => string): LaurelProcess {
  const ticks = 100; // USER_HZ on Linux
  // The fields of /proc/<pid>/stat after the command name, the first being field 3 (state).
  const stat = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return {
    child,
    url,
    log,
    cpuMs() {
      try {
        const fields = stat();
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
      } catch {
        return 0;
      }
    },
    nice: () => Number(stat()[16]),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      child.kill('SIGTERM');
      await done;
    },
  };
}

async function waitFor(what: string, handle: { child: ChildProcess; log: () => string }, ready: () => boolean | Promise<boolean>) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (handle.child.exitCode !== null) throw new Error(`${what} exited:\n${handle.log().slice(-3000)}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start:\n${handle.log().slice(-3000)}`);
}

/** An API process (no workers) listening on `host`; resolves once it answers. */
export async function startApiProcess(options: ProcessOptions): Promise<LaurelProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = await freePort();
  const handle = spawnLaurel([], { ...options.env, WORKERS: '0', HOST: host, PORT: String(port) });
  await waitFor(`API process on ${host}`, handle, () => handle.log().includes('Laurel is running'));
  return processHandle(handle.child, `http://${host}:${port}`, handle.log);
}

/** A worker-only process; resolves once its workers run. */
export async function startWorkerProcess(options: ProcessOptions): Promise<LaurelProcess> {
  // Info level for its one start line; a worker logs little else below errors.
  const handle = spawnLaurel(['worker'], { ...options.env, WORKERS: String(options.workers ?? 4), LOG_LEVEL: 'info' });
  await waitFor('worker process', handle, () => handle.log().includes('worker running'));
  return processHandle(handle.child, '', handle.log);
}

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/** One HTTP request from 127.0.0.1, whichever loopback address answers: every process sees one client. */
export function request(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, base),
      {
        method,
        localAddress: '127.0.0.1',
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, body, json: () => JSON.parse(body) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

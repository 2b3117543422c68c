import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const execFileAsync = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  /**
   * Stops the server the way an operator's restart does (fast: open connections are cut), runs
   * `whileDown` while nothing listens, then starts it again on the same port and data.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** The binaries' folder, for pg_dump and friends. */
  bin: string;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL binaries not found: set DATABASE_URL or install them (apt-get install -y postgresql).');
}

/**
 * A PostgreSQL cluster of its own from the machine's binaries, in a temporary folder, tuned for
 * throwaway data (fsync off); `stop` removes it. Used by the API tests and the benchmarks.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'laurel-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // The server refuses to run as root: run it as the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe' });
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const pgCtl = path.join(bin, 'pg_ctl');
  const startArgs = [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
  ];
  run(pgCtl, startArgs);
  // Asynchronous, so the test's own servers keep answering while the database is away.
  const runAsync = (cmd: string, args: string[]) =>
    execFileAsync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    async restart(whileDown) {
      await runAsync(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      try {
        await whileDown?.();
      } finally {
        await runAsync(pgCtl, startArgs);
      }
    },
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

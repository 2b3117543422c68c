import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ThreadData, ThreadReport, ThreadRequest } from './messages.ts';

const THREAD_URL = new URL(import.meta.url.endsWith('.ts') ? './pglite-thread-ts.mjs' : './pglite-thread.js', import.meta.url);
/** PostgreSQL's own name for a socket in a directory, which `pg` builds from the host and port. */
const SOCKET_PORT = 5432;

export interface EmbeddedDatabase {
  /** A `postgres://` address of the Unix socket, for `pg` and pg-boss alike. */
  connectionString: string;
  /** The data directory as an uncompressed tarball, to start another database from (`snapshot`). */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/**
 * Starts PGlite on its own thread behind a private Unix socket (see pglite-thread.ts). `onFailure` is
 * called if the thread dies after starting: the database is gone, and the process cannot go on.
 * `snapshot` (from `dump()`) starts a `memory://` database as a copy of another instead of a new cluster.
 */
export async function startEmbeddedDatabase(
  location: string,
  onFailure: (error: Error) => void,
  options: { snapshot?: Uint8Array } = {},
): Promise<EmbeddedDatabase> {
  if (options.snapshot && location !== 'memory://') throw new Error('A database snapshot can only start a memory:// database.');
  const socketDir = mkdtempSync(path.join(tmpdir(), 'laurel-db-'));
  const data: ThreadData = { location, socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), snapshot: options.snapshot };
  const thread = new Worker(THREAD_URL, { workerData: data });
  let stopping = false;
  const cleanUp = () => rmSync(socketDir, { recursive: true, force: true });

  try {
    await new Promise<void>((resolve, reject) => {
      const settle = (outcome: Error | null) => {
        thread.off('error', settle);
        thread.off('exit', exited);
        thread.off('message', reported);
        if (outcome) reject(outcome);
        else resolve();
      };
      const exited = (code: number) => settle(new Error(`The embedded database stopped while starting (exit code ${code}).`));
      const reported = (report: ThreadReport) =>
        settle(
          report.type === 'ready'
            ? null
            : new Error(`The embedded database did not start: ${report.type === 'failed' ? report.message : report.type}`),
        );
      thread.once('error', settle);
      thread.once('exit', exited);
      thread.once('message', reported);
    });
  } catch (error) {
    await thread.terminate();
    cleanUp();
    throw error;
  }
  // Node's Worker must keep its own listeners: remove only ours (never `removeAllListeners`).
  thread.on('error', (error) => {
    if (!stopping) onFailure(error);
  });
  thread.on('exit', (code) => {
    if (!stopping) onFailure(new Error(`The embedded database thread exited (code ${code}).`));
  });

  return {
    connectionString: `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`,
    dump() {
      return new Promise((resolve) => {
        const dumped = (report: ThreadReport) => {
          if (report.type !== 'dumped') return;
          thread.off('message', dumped);
          resolve(report.data);
        };
        thread.on('message', dumped);
        thread.postMessage({ type: 'dump' } satisfies ThreadRequest);
      });
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        thread.on('message', (report: ThreadReport) => report.type === 'stopped' && resolve());
        thread.once('exit', () => resolve());
      });
      thread.postMessage({ type: 'stop' } satisfies ThreadRequest);
      await stopped;
      await thread.terminate();
      cleanUp();
    },
  };
}

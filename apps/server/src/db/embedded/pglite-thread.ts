import { chmodSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { Exclusive } from './exclusive.ts';
import type { ThreadData, ThreadReport, ThreadRequest } from './messages.ts';
import { type FrontendMessage, MessageReader } from './wire.ts';

/**
 * The embedded database's own thread: PGlite (one PostgreSQL backend, single-threaded) answering the
 * PostgreSQL wire protocol on a Unix socket, so the server's event loop never runs a query and both
 * databases are reached with the same driver.
 *
 * Every connection shares PGlite's one backend, so the thread gives it to one connection at a time: from
 * a connection's first message until a Sync or simple Query leaves the backend outside a transaction. A
 * transaction therefore runs alone, as it does on PGlite in-process, and the unnamed statement of one
 * connection's extended query is never replaced by another's halfway through.
 */
const { location, socketPath, snapshot } = workerData as ThreadData;
/**
 * A connection waiting this long for the backend almost always means code that, inside a transaction,
 * waits for a query it sent on another connection: fine on PostgreSQL, for ever on one backend.
 */
const STALL_WARNING_MS = 10_000;
const STALL_WARNING =
  'Embedded database: a connection has waited 10 s for the backend, which an open transaction holds. ' +
  'A query sent on another connection while that transaction is open waits for ever here.';
const backend = new Exclusive();
const sockets = new Set<Socket>();

function report(message: ThreadReport) {
  parentPort!.postMessage(message);
}

/** Runs a connection's messages on the backend and writes the answers back to it. */
async function serve(pglite: PGlite, socket: Socket) {
  const reader = new MessageReader();
  let holding = false;
  let ended = false;
  // Data events are handled in order, one chunk after the other.
  let pending = Promise.resolve();

  const release = async () => {
    if (!holding) return;
    // A client gone in the middle of a transaction leaves nothing open behind it.
    if (pglite.isInTransaction()) await pglite.exec('ROLLBACK').catch(() => {});
    holding = false;
    backend.release();
  };

  // Consecutive messages up to a Sync (an extended query: Parse, Bind, Describe, Execute, Sync) go to
  // the backend in one call, which runs until it has read them all.
  const execute = async (group: Uint8Array[], endsExchange: boolean) => {
    if (!holding) {
      const stalled = setTimeout(() => console.error(STALL_WARNING), STALL_WARNING_MS);
      await backend.acquire();
      clearTimeout(stalled);
      holding = true;
    }
    const answer = await pglite.execProtocolRaw(group.length === 1 ? group[0]! : Buffer.concat(group));
    if (answer.length && !socket.destroyed) socket.write(answer);
    if (endsExchange && !pglite.isInTransaction()) {
      holding = false;
      backend.release();
    }
  };

  const run = async (messages: FrontendMessage[]) => {
    let group: Uint8Array[] = [];
    for (const message of messages) {
      if (ended) return;
      if (message.kind === 'encryption-request') socket.write('N');
      else if (message.kind === 'cancel' || message.kind === 'terminate') {
        socket.end();
        return;
      } else {
        group.push(message.bytes);
        if (message.endsExchange) {
          await execute(group, true);
          group = [];
        }
      }
    }
    if (group.length && !ended) await execute(group, false);
  };

  socket.on('data', (chunk) => {
    const messages = reader.push(chunk);
    pending = pending
      .then(() => run(messages))
      .catch(() => {
        socket.destroy();
      });
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    ended = true;
    sockets.delete(socket);
    pending = pending.then(release);
  });
}

async function main() {
  const pglite = await PGlite.create(location, snapshot ? { loadDataDir: new Blob([snapshot as Uint8Array<ArrayBuffer>]) } : {});
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    void serve(pglite, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  // Only this user may connect; the socket's directory is private too.
  chmodSync(socketPath, 0o600);
  report({ type: 'ready' });

  parentPort!.on('message', async (request: ThreadRequest) => {
    if (request.type === 'dump') {
      // Between transactions, so the copy holds only committed work.
      await backend.acquire();
      try {
        const data = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
        parentPort!.postMessage({ type: 'dumped', data } satisfies ThreadReport, [data.buffer]);
      } finally {
        backend.release();
      }
      return;
    }
    server.close();
    for (const socket of sockets) socket.destroy();
    // Whatever a connection was running finishes before the backend closes.
    await backend.acquire();
    await pglite.close();
    report({ type: 'stopped' });
  });
}

main().catch((error: unknown) => report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));

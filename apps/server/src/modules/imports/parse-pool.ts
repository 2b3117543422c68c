import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Delimiter, type ImportTable, isXlsx, parseCsv } from './parse.ts';
import type { ParseRequest, ParseResponse, SerializedTable } from './parse-messages.ts';

/**
 * Uploaded files are read on worker threads: a full workbook takes seconds of CPU, and on the main
 * thread every other request would wait for it. A worker is started per file (whatever the file made
 * it allocate goes with the thread), and only a few run at once, so that many large uploads together
 * neither take all the memory nor all the cores.
 */
export const PARSE_LIMITS = {
  /** Files read at once in one process; the others wait their turn. */
  parallel: 2,
  /** Files waiting for a turn; one more is refused as busy rather than kept waiting for minutes. */
  waiting: 8,
  /** How long reading one file may take before its worker is stopped. */
  timeMs: 60_000,
  /** The heap a worker may grow to; the cell ceiling keeps a valid file well below it. */
  heapMb: 1024,
  /** CSV up to this size takes a few tens of milliseconds: it is read on the main thread, without a worker. */
  inlineCsvBytes: 1024 * 1024,
} as const;

// From TypeScript sources the worker needs tsx registered in its own thread first; the built server has
// the worker bundled beside main.js (apps/server/build.mjs).
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './parse-worker-ts.mjs' : './import-worker.js', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<void> {
  if (running < PARSE_LIMITS.parallel) {
    running++;
    return;
  }
  if (waiting.length >= PARSE_LIMITS.waiting)
    throw new AppError(503, 'The server is reading many files just now; try the import again in a minute.', { error_type: 'busy' });
  // The parse that finishes hands its place over, so `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

const tookTooLong = (ms: number) =>
  badRequest(`Reading the file took longer than ${ms / 1000} seconds; split it into smaller files and import them one at a time.`, {
    error_type: 'timeout',
  });
const tooLargeToRead = () =>
  badRequest('The file is too large to read; split it into smaller files and import them one at a time.', { error_type: 'size' });

type Reading = { as: 'table'; result: ImportTable } | { as: 'json'; result: SerializedTable };

function readInWorker<R extends Reading>(request: ParseRequest & { as: R['as'] }, timeMs: number): Promise<R['result']> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.heapMb } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(tookTooLong(timeMs))), timeMs);
    worker.once('message', (response: ParseResponse) =>
      settle(() => {
        if ('table' in response) resolve(response.table);
        else if ('serialized' in response) resolve(response.serialized);
        else if ('refusal' in response) {
          const { status, message, error_type } = response.refusal;
          reject(new AppError(status, message, error_type ? { error_type } : {}));
        } else reject(new Error(`Import worker failed: ${response.failure}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLargeToRead() : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`Import worker exited with code ${code}`))));
    worker.postMessage(request);
  });
}

async function inTurn<R>(read: () => Promise<R>): Promise<R> {
  await takeTurn();
  try {
    return await read();
  } finally {
    endTurn();
  }
}

const readsInline = (bytes: Buffer) => !isXlsx(bytes) && bytes.length <= PARSE_LIMITS.inlineCsvBytes;

/**
 * Reads an uploaded recipient list: the first sheet of an XLSX workbook, or CSV. Large files are read
 * on a worker thread, in turn with the other uploads; `timeMs` shortens the time limit (tests).
 */
export async function parseImport(bytes: Buffer, delimiter?: Delimiter, options: { timeMs?: number } = {}): Promise<ImportTable> {
  if (readsInline(bytes)) return parseCsv(bytes, delimiter);
  return inTurn(() =>
    readInWorker<Extract<Reading, { as: 'table' }>>({ bytes, delimiter, as: 'table' }, options.timeMs ?? PARSE_LIMITS.timeMs),
  );
}

/**
 * The same, for a reply that only passes the rows on: they come back from the worker as JSON text,
 * so the main thread never holds them cell by cell.
 */
export async function parseImportToJson(bytes: Buffer, delimiter?: Delimiter): Promise<SerializedTable> {
  if (readsInline(bytes)) {
    const table = parseCsv(bytes, delimiter);
    return { headers: table.headers, rowsJson: JSON.stringify(table.rows) };
  }
  return inTurn(() => readInWorker<Extract<Reading, { as: 'json' }>>({ bytes, delimiter, as: 'json' }, PARSE_LIMITS.timeMs));
}

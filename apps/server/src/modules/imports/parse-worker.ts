import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/errors.ts';
import { isXlsx, parseCsv } from './parse.ts';
import type { ParseRequest, ParseResponse } from './parse-messages.ts';
import { parseXlsx } from './xlsx.ts';

/**
 * Reads one uploaded file off the main thread and answers once; the pool starts a worker per file, so
 * whatever the file made it allocate is freed with the thread.
 */
async function read({ bytes, delimiter, as }: ParseRequest): Promise<ParseResponse> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const table = isXlsx(buffer) ? await parseXlsx(buffer) : parseCsv(buffer, delimiter);
    if (as === 'json') return { serialized: { headers: table.headers, rowsJson: JSON.stringify(table.rows) } };
    return { table };
  } catch (error) {
    if (error instanceof AppError) return { refusal: { status: error.status, message: error.message, error_type: error.extra.error_type } };
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// On Linux a nice value belongs to the thread: the server's main thread keeps the CPU whenever it has a
// request to answer, and the reading takes what is left. Elsewhere it would lower the whole process.
if (process.platform === 'linux') setPriority(10);

parentPort!.once('message', (request: ParseRequest) => {
  void read(request).then((response) => parentPort!.postMessage(response));
});

import type { Delimiter, ImportTable } from './parse.ts';

/**
 * A file to read, sent to a parse worker. `as: 'json'` asks for the rows already serialised: turning
 * a few million cells into objects on the main thread, and those into JSON, would stall it again.
 */
export interface ParseRequest {
  bytes: Uint8Array;
  delimiter: Delimiter | undefined;
  as: 'table' | 'json';
}

/** Headers with the rows as one JSON array of arrays of strings. */
export interface SerializedTable {
  headers: string[];
  rowsJson: string;
}

/** The table, or the refusal a client may read (an AppError's parts), or a failure that is ours. */
export type ParseResponse =
  | { table: ImportTable }
  | { serialized: SerializedTable }
  | { refusal: { status: number; message: string; error_type?: string } }
  | { failure: string };

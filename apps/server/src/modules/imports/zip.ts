import { pipeline, Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';

/**
 * Just enough of the ZIP format to read a workbook safely: the central directory (what the archive
 * holds and where) and each part as a stream of text, counted while it is inflated so that a size the
 * archive lies about does not matter.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; a workbook uses nothing else. */
  method: number;
  compressedSize: number;
  /** The unpacked size the archive declares. */
  size: number;
  /** Where the entry's local record starts, and where the next one (or the directory) begins. */
  offset: number;
  end: number;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Sizes and offsets of this value mean ZIP64, which a 10 MB upload never needs. */
const ZIP64 = 0xffffffff;

function endOfDirectory(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipError('no end of central directory');
}

/** The entries of the archive by name, each with the span of its local record. */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.length < 22) throw new ZipError('too short');
  const eocd = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const directory = bytes.readUInt32LE(eocd + 16);
  if (directory === ZIP64 || directory > eocd) throw new ZipError('bad directory offset');
  const entries: ZipEntry[] = [];
  let at = directory;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipError('bad directory entry');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      end: directory,
    };
    if (entry.size === ZIP64 || entry.compressedSize === ZIP64 || entry.offset >= directory) throw new ZipError('bad entry');
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  byOffset.forEach((entry, i) => {
    entry.end = byOffset[i + 1]?.offset ?? directory;
  });
  return new Map(entries.map((e) => [e.name, e]));
}

function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  if (bytes.readUInt32LE(entry.offset) !== LOCAL) throw new ZipError('bad local header');
  const start = entry.offset + 30 + bytes.readUInt16LE(entry.offset + 26) + bytes.readUInt16LE(entry.offset + 28);
  if (start + entry.compressedSize > entry.end) throw new ZipError('entry overruns the archive');
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Thrown once the parts read so far unpack to more than their budget. */
export class UnpackLimitError extends Error {}

/** What the parts of one archive may still unpack to, shared by every part read from it. */
export interface UnpackBudget {
  left: number;
}

/**
 * The entry's text as a stream of strings, inflated as it is read. Every inflated byte is counted
 * against `budget`, and the stream fails as soon as the budget is spent: a ZIP bomb costs no more
 * work than the budget, whatever sizes the archive declares. The bytes are decoded as one UTF-8
 * stream, so a character split between two inflated chunks stays whole.
 */
export function unpackStream(bytes: Buffer, entry: ZipEntry, budget: UnpackBudget): Readable {
  const data = compressedData(bytes, entry);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  const source = entry.method === 0 ? Readable.from([data], { objectMode: false }) : createInflateRaw();
  const decoder = new StringDecoder('utf8');
  const text = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(new UnpackLimitError());
      done(null, decoder.write(chunk) || undefined);
    },
    flush(done) {
      done(null, decoder.end() || undefined);
    },
  });
  pipeline(source, text, () => {});
  if (entry.method === 8) (source as Transform).end(data);
  return text;
}

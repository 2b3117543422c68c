import { crc32, inflateSync } from 'node:zlib';
import { OpenBadgeFileError } from './file-error.ts';

/**
 * Open Badges 3.0 baking into PNG (OB 3.0 §5.3.1, "PNG"): the credential travels in an `iTXt` chunk whose
 * keyword is `openbadgecredential`, uncompressed, with an empty language tag and translated keyword; a
 * PNG holds at most one such chunk, so baking again replaces it. Only chunk headers are walked: the
 * image data is copied as it is, never decoded.
 */

export const PNG_CREDENTIAL_KEYWORD = 'openbadgecredential';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;
/**
 * A compressed credential is inflated up to this size, so a dropped file cannot expand into gigabytes.
 * Credentials are a few KB; an image inlined as a data URL can make one a few MB.
 */
const MAX_CREDENTIAL_BYTES = 16 * 1024 * 1024;

interface Chunk {
  type: string;
  /** Offset of the chunk's length field. */
  start: number;
  /** Offset just past its CRC. */
  end: number;
  data: Buffer;
}

/** Returns the PNG with the credential in its one `openbadgecredential` chunk, placed just before `IEND`. */
export function bakePng(png: Buffer, credential: string): Buffer {
  const chunks = readChunks(png);
  const parts: Buffer[] = [SIGNATURE];
  for (const chunk of chunks) {
    if (chunk.type === 'iTXt' && isCredentialChunk(chunk.data)) continue;
    if (chunk.type === 'IEND') parts.push(credentialChunk(credential));
    parts.push(png.subarray(chunk.start, chunk.end));
  }
  return Buffer.concat(parts);
}

/** The credential baked into a PNG, or null when it carries none. */
export function readBakedPng(png: Buffer): string | null {
  for (const chunk of readChunks(png)) {
    if (chunk.type !== 'iTXt' || !isCredentialChunk(chunk.data)) continue;
    return readCredentialText(chunk.data);
  }
  return null;
}

/** Whether the bytes start with the PNG signature (to tell a dropped PNG from a PDF or JSON). */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= SIGNATURE.length && SIGNATURE.equals(bytes.subarray(0, SIGNATURE.length));
}

function credentialChunk(credential: string): Buffer {
  const keyword = Buffer.from(PNG_CREDENTIAL_KEYWORD, 'latin1');
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text.
  const header = Buffer.concat([keyword, Buffer.from([0, 0, 0, 0, 0])]);
  const text = Buffer.from(credential, 'utf8');
  const chunk = Buffer.alloc(CHUNK_OVERHEAD + header.length + text.length);
  chunk.writeUInt32BE(header.length + text.length, 0);
  chunk.write('iTXt', 4, 'latin1');
  header.copy(chunk, 8);
  text.copy(chunk, 8 + header.length);
  // The CRC covers the type and the data, not the length.
  chunk.writeUInt32BE(crc32(chunk.subarray(4, chunk.length - 4)), chunk.length - 4);
  return chunk;
}

function isCredentialChunk(data: Buffer): boolean {
  const keyword = PNG_CREDENTIAL_KEYWORD.length;
  return data.length > keyword && data[keyword] === 0 && data.toString('latin1', 0, keyword) === PNG_CREDENTIAL_KEYWORD;
}

/** The text of an `openbadgecredential` iTXt chunk, inflated when another tool stored it compressed. */
function readCredentialText(data: Buffer): string {
  let at = PNG_CREDENTIAL_KEYWORD.length + 1;
  const compressed = data[at];
  const method = data[at + 1];
  at += 2;
  // Language tag and translated keyword, each ended by a NUL.
  for (let field = 0; field < 2; field++) {
    const nul = data.indexOf(0, at);
    if (nul < 0) throw new OpenBadgeFileError('The PNG credential chunk is malformed: an iTXt header field is not terminated.');
    at = nul + 1;
  }
  let text = data.subarray(at);
  if (compressed === 1) {
    if (method !== 0) throw new OpenBadgeFileError(`The PNG credential chunk uses unknown compression method ${method}.`);
    try {
      text = inflateSync(text, { maxOutputLength: MAX_CREDENTIAL_BYTES });
    } catch {
      throw new OpenBadgeFileError('The PNG credential chunk could not be decompressed.');
    }
  } else if (compressed !== 0) {
    throw new OpenBadgeFileError('The PNG credential chunk is malformed: its compression flag is neither 0 nor 1.');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new OpenBadgeFileError('The PNG credential chunk is not valid UTF-8 text.');
  }
}

/** The chunks from `IHDR` to `IEND`, checked to lie within the file; anything after `IEND` is dropped. */
function readChunks(png: Buffer): Chunk[] {
  if (!isPng(png)) throw new OpenBadgeFileError('Not a PNG image: the file does not start with the PNG signature.');
  const chunks: Chunk[] = [];
  let at = SIGNATURE.length;
  while (at + CHUNK_OVERHEAD <= png.length) {
    const length = png.readUInt32BE(at);
    const end = at + CHUNK_OVERHEAD + length;
    if (end > png.length) break;
    const type = png.toString('latin1', at + 4, at + 8);
    if (chunks.length === 0 && type !== 'IHDR') break;
    chunks.push({ type, start: at, end, data: png.subarray(at + 8, end - 4) });
    if (type === 'IEND') return chunks;
    at = end;
  }
  throw new OpenBadgeFileError('Not a valid PNG image: its chunks are truncated or it has no IHDR or IEND chunk.');
}

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isSafeKey } from './file-store.ts';
import { isMissing } from './s3-file-store.ts';

export interface CopyReport {
  files: number;
  copied: number;
  /** Already in the bucket with the same size and checksum: left as they are. */
  skipped: number;
  /** Names in the folder that are not file keys (left behind, listed in the log). */
  ignored: number;
  /** Keys whose copy read back differently from the file. */
  mismatched: string[];
}

/** Files copied at once: each is a HEAD, a PUT and a GET, mostly waiting on the network. */
const PARALLEL = 8;

const digest = (algorithm: 'md5' | 'sha256', bytes: Buffer) => createHash(algorithm).update(bytes).digest();

/**
 * Whether the bucket already holds these bytes under the key. A single PUT's ETag is the MD5 of the
 * content, computed by the server from what it stored; where it is not (encrypted buckets), the SHA-256
 * this copy recorded in the object's metadata stands in.
 */
async function alreadyThere(client: S3Client, bucket: string, key: string, bytes: Buffer): Promise<boolean> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (head.ContentLength !== bytes.length) return false;
    const etag = head.ETag?.replace(/"/g, '');
    return etag === digest('md5', bytes).toString('hex') || head.Metadata?.sha256 === digest('sha256', bytes).toString('hex');
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Puts one file (S3 refuses it if its MD5 on arrival differs) and reads it back whole to compare. */
async function copyAndVerify(client: S3Client, bucket: string, key: string, bytes: Buffer): Promise<boolean> {
  const sha256 = digest('sha256', bytes).toString('hex');
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentLength: bytes.length,
      ContentMD5: digest('md5', bytes).toString('base64'),
      Metadata: { sha256 },
    }),
  );
  const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const back = Buffer.from((await reply.Body?.transformToByteArray()) ?? []);
  return back.length === bytes.length && digest('sha256', back).toString('hex') === sha256;
}

/**
 * Copies every file of a DATA_DIR/files folder into a bucket under the same key. Resumable: a key the
 * bucket holds with the same size and checksum is skipped, so a run stopped half way is simply run
 * again. Every copy is read back and compared; a mismatch is reported, never hidden. Files are read
 * one at a time per lane (PARALLEL lanes), so memory holds at most that many files.
 */
export async function copyFilesToS3(options: {
  dir: string;
  client: S3Client;
  bucket: string;
  log: (line: string) => void;
}): Promise<CopyReport> {
  const { dir, client, bucket, log } = options;
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  const keys = entries.filter(isSafeKey).sort();
  const report: CopyReport = { files: keys.length, copied: 0, skipped: 0, ignored: entries.length - keys.length, mismatched: [] };
  for (const name of entries.filter((n) => !isSafeKey(n))) log(`ignored ${name}: not a file key`);
  let done = 0;
  let next = 0;
  const lane = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const bytes = await readFile(path.join(dir, key));
      let outcome: string;
      if (await alreadyThere(client, bucket, key, bytes)) {
        report.skipped++;
        outcome = 'already there';
      } else if (await copyAndVerify(client, bucket, key, bytes)) {
        report.copied++;
        outcome = 'copied';
      } else {
        report.mismatched.push(key);
        outcome = 'MISMATCH: the copy reads back differently';
      }
      done++;
      log(`[${done}/${keys.length}] ${key} (${bytes.length} bytes) ${outcome}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, lane));
  return report;
}

export function summaryLine(report: CopyReport): string {
  return (
    `files:to-s3: ${report.files} files, ${report.copied} copied, ${report.skipped} already there, ` +
    `${report.mismatched.length} mismatched${report.ignored ? `, ${report.ignored} ignored` : ''}`
  );
}

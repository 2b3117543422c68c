import type { Env } from '../config/env.ts';
import { type FileStore, LocalFileStore } from './file-store.ts';
import { S3FileStore, s3Settings } from './s3-file-store.ts';

/** The bucket when the S3 variables are set (nothing is then written to DATA_DIR/files), else DATA_DIR/files. */
export function createFileStore(env: Env): FileStore {
  const s3 = s3Settings(env);
  return s3 ? new S3FileStore(s3) : new LocalFileStore(env.DATA_DIR);
}

import { existsSync } from 'node:fs';
import { EnvError, parseEnv } from '../config/env.ts';
import { copyFilesToS3, summaryLine } from './copy-to-s3.ts';
import { localFilesDir } from './file-store.ts';
import { s3Client, s3Settings } from './s3-file-store.ts';

/**
 * `npm run files:to-s3`: copies DATA_DIR/files into the bucket the S3 variables name, before an install
 * moves its files there. Run it again until it reports no copies; it exits non-zero on a mismatch.
 */
async function main(): Promise<number> {
  const env = parseEnv();
  const settings = s3Settings(env);
  if (!settings)
    throw new EnvError('Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to name the bucket to copy into.');
  if (env.DATA_DIR === 'memory://') throw new EnvError('DATA_DIR=memory:// keeps no files to copy.');
  const dir = localFilesDir(env.DATA_DIR);
  if (!existsSync(dir)) throw new EnvError(`There is no ${dir} to copy from: check DATA_DIR.`);
  console.log(`Copying ${dir} into bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`);
  const client = s3Client(settings);
  try {
    const report = await copyFilesToS3({ dir, client, bucket: settings.bucket, log: (line) => console.log(line) });
    for (const key of report.mismatched) console.error(`mismatch: ${key}`);
    console.log(summaryLine(report));
    return report.mismatched.length ? 1 : 0;
  } finally {
    client.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(2);
  },
);

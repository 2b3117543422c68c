import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type FileStore, isSafeKey } from './file-store.ts';
import { ReadThroughCache } from './read-through-cache.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The S3 settings of the environment, or null when the files stay in DATA_DIR. */
export function s3Settings(env: {
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}): S3Settings | null {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // MinIO, Ceph, R2 and the like are addressed as endpoint/bucket/key, not bucket.endpoint/key.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 demands them: several S3-compatible servers refuse the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Whether an S3 call failed because the object is not there (GET answers NoSuchKey, HEAD a bare 404). */
export const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, each under its key at the bucket's root: every API and worker
 * process of an install shares them. Renderers read through a local cache (ReadThroughCache).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly cache = new ReadThroughCache((key) => this.get(key));

  constructor(settings: S3Settings) {
    this.client = s3Client(settings);
    this.bucket = settings.bucket;
  }

  private keyOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
    return key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: bytes, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return reply.Body ? Buffer.from(await reply.Body.transformToByteArray()) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
    await this.cache.forget(key);
  }

  readablePath(key: string): Promise<string | null> {
    return isSafeKey(key) ? this.cache.path(key) : Promise.resolve(null);
  }

  directUrl(key: string, reply: { contentType: string; disposition: string; expiresInSeconds: number }): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      ResponseContentType: reply.contentType,
      ResponseContentDisposition: reply.disposition,
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: reply.expiresInSeconds });
  }

  async close(): Promise<void> {
    await this.cache.close();
    this.client.destroy();
  }
}

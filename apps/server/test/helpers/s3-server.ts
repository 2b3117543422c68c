import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver) in the test process, on a free loopback port, keeping its
 * objects in a temporary folder; one bucket, and an S3 client to look into it as an operator would.
 */
export class S3Server {
  readonly bucket = 'laurel-files';
  endpoint = '';
  client!: S3Client;
  private server: S3rver | null = null;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'laurel-s3rver-'));

  async start(): Promise<this> {
    this.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: this.bucket, configs: [] }],
    });
    const { port } = await this.server.run();
    this.endpoint = `http://127.0.0.1:${port}`;
    this.client = new S3Client({
      endpoint: this.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    return this;
  }

  /** The variables that point a Laurel at this bucket (s3rver's own credentials); `endpoint` replaces the address. */
  env(endpoint = this.endpoint): Record<string, string> {
    return { S3_ENDPOINT: endpoint, S3_BUCKET: this.bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  }

  async keys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await reply.Body!.transformToByteArray());
    } catch {
      return null;
    }
  }

  async has(key: string): Promise<boolean> {
    return this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })).then(
      () => true,
      () => false,
    );
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async stop(): Promise<void> {
    this.client?.destroy();
    await this.server?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A faulty network path to an S3 server: requests pass through unchanged (their signatures still
 * hold, as the Host header is kept) except that PUTs past `failPutsAfter` are refused with 503, and
 * GETs of the keys in `corruptReads` come back with one byte changed.
 */
export class FaultyS3Path {
  failPutsAfter = Number.POSITIVE_INFINITY;
  readonly corruptReads = new Set<string>();
  private puts = 0;
  private server: Server | null = null;

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').slice(2).join('/'));
      if (req.method === 'PUT' && ++this.puts > this.failPutsAfter) {
        req.resume();
        res.writeHead(503, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>ServiceUnavailable</Code><Message>Unavailable</Message></Error>');
        return;
      }
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (req.method !== 'GET' || !this.corruptReads.has(key) || answer.statusCode !== 200) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            if (body.length) body[0]! ^= 0xff;
            res.writeHead(200, answer.headers);
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

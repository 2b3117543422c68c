import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundKey } from '../../src/seed/background-files.ts';
import { BACKGROUNDS } from '../../src/seed/backgrounds/index.ts';
import { printVariantKey } from '../../src/storage/print-variant.ts';
import { registerConfirmedAdmin } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { S3Server } from '../helpers/s3-server.ts';
import { uploadBackground } from '../helpers/uploads.ts';

// The embedded database belongs to one process: two instances share a database only on PostgreSQL.
const s3 = new S3Server();
let first: TestLaurel;
let second: TestLaurel;

beforeAll(async () => {
  await s3.start();
  // Stand-ins for the seeded art's print variants, as in object-storage.test.ts, spare both cores drawing them.
  for (const art of BACKGROUNDS) await s3.write(printVariantKey(backgroundKey(art.slug)), Buffer.from('drawn elsewhere'));
  first = await startTestLaurel({ env: s3.env() });
  second = await startTestLaurel({ env: { ...s3.env(), DATABASE_URL: first.context.env.DATABASE_URL! } });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3.stop();
});

describe('two instances on one database and one bucket', () => {
  it('serves a file stored through one instance from the other', async () => {
    const admin = await registerConfirmedAdmin(first);
    const background = await uploadBackground(admin.client, 640, 480);
    const served = await second.app.inject({ method: 'GET', url: background.imagepath, headers: { host: 'laurel.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals((await s3.read(background.key))!)).toBe(true);
  });
});

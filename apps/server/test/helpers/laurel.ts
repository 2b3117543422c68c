import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Clock, ManualClock } from '../../src/clock.ts';
import { parseEnv } from '../../src/config/env.ts';
import { mailMessages } from '../../src/db/schema.ts';
import { type Laurel, startLaurel } from '../../src/server.ts';
import { migratedPgliteSnapshot } from './pglite-snapshot.ts';

export type Backend = 'pglite' | 'postgres';

export interface TestLaurel extends Laurel {
  backend: Backend;
  /** The mail most recently queued for an address, once a worker has handled it (at once when none runs). */
  lastMailTo(address: string): Promise<typeof mailMessages.$inferSelect>;
  /** Every message recorded for an address so far; mail is recorded in the request's transaction. */
  mailsTo(address: string): Promise<(typeof mailMessages.$inferSelect)[]>;
}

/** Which database this run of the API tests uses (set per vitest project). */
export function testBackend(): Backend {
  return process.env.LAUREL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh database in the throwaway cluster, one per test file: a copy of the template the global setup
 * migrated (postgres-cluster.ts), so that startup finds every migration applied.
 */
async function createPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  const name = `laurel_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts a whole Laurel (database, migrations, queue, workers, HTTP app) on the backend of this
 * test run. Requests go through `app.inject`; mail stays in the outbox unless `smtpUrl` is given.
 */
export async function startTestLaurel(
  options: { clock?: Clock; smtpUrl?: string; env?: Record<string, string>; schedules?: boolean } = {},
): Promise<TestLaurel> {
  const backend = testBackend();
  const env = parseEnv({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WORKERS: '1',
    PUBLIC_URL: 'http://laurel.test',
    BASE_DOMAIN: 'laurel.test',
    ADMIN_EMAIL: 'root@laurel.test',
    ADMIN_PASSWORD: 'correct horse battery staple',
    ...(backend === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  // Scheduled jobs (the hourly refill) would run at wall-clock moments in the middle of tests: tests run them by hand.
  const laurel = await startLaurel(env, {
    clock: options.clock,
    schedules: options.schedules ?? false,
    databaseSnapshot:
      backend === 'pglite' && !env.DATABASE_URL && env.DATA_DIR === 'memory://' ? await migratedPgliteSnapshot() : undefined,
  });
  await laurel.app.ready();
  return {
    ...laurel,
    backend,
    async lastMailTo(address) {
      for (let i = 0; i < 100; i++) {
        const [mail] = await laurel.context.db
          .select()
          .from(mailMessages)
          .where(eq(mailMessages.to_address, address))
          .orderBy(desc(mailMessages.id))
          .limit(1);
        if (mail && (mail.status !== 'queued' || env.WORKERS === 0)) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail delivered to ${address}`);
    },
    mailsTo: (address) => laurel.context.db.select().from(mailMessages).where(eq(mailMessages.to_address, address)),
  };
}

export { ManualClock };

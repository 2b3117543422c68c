import { RenderPool, type RenderPoolOptions } from '@laurel/certificate/node';
import type { FastifyInstance } from 'fastify';
import { buildApp, createFastify } from './app.ts';
import { ensureSuperAdmin } from './bootstrap.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Env } from './config/env.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { JobQueue } from './jobs/queue.ts';
import { JOBS } from './jobs/registry.ts';
import { AccountTransports } from './mail/account-transports.ts';
import { SendRateLimiter } from './mail/send-rate.ts';
import { createSmtpTransport } from './mail/transport.ts';
import { resolveAppSecret } from './secrets.ts';
import { seedGlobalContent } from './seed/index.ts';
import { createFileStore } from './storage/create-file-store.ts';

export interface Laurel {
  app: FastifyInstance;
  context: AppContext;
  close(): Promise<void>;
}

/**
 * Starts Laurel: opens and migrates the database, starts the queue, runs `env.WORKERS` workers per
 * job in this process and, unless `workerOnly`, the HTTP application (not yet listening). `schedules: false`
 * keeps this process from sending scheduled jobs (tests, which run them at moments of their choosing).
 * `databaseSnapshot` starts an in-memory embedded database from a dumped one (the tests start each file's
 * from one migrated copy rather than creating and migrating a cluster each time).
 */
export async function startLaurel(
  env: Env,
  options: {
    clock?: Clock;
    workerOnly?: boolean;
    render?: RenderPoolOptions;
    schedules?: boolean;
    databaseSnapshot?: Uint8Array;
    /** Benchmarks only: sends without Open Badges credentials (see AppContext.signCredentials). */
    signCredentials?: boolean;
  } = {},
): Promise<Laurel> {
  const app = createFastify(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    snapshot: env.DATABASE_URL ? undefined : options.databaseSnapshot,
    onFailure(error) {
      // Without its database the process can neither answer nor work: stop, so a supervisor restarts it.
      app.log.fatal({ err: error }, 'the embedded database stopped');
      process.exit(1);
    },
  });
  // One pool per process, a thread per core; threads start with the first render.
  const renders = new RenderPool(options.render);
  const files = createFileStore(env);
  try {
    await migrateDatabase(database);
    const queue = new JobQueue(database, (error) => app.log.error({ err: error }, 'job failed'), { schedules: options.schedules });
    const context: AppContext = {
      env,
      database,
      db: database.db,
      clock: options.clock ?? systemClock,
      secret: resolveAppSecret(env.APP_SECRET, env.DATA_DIR),
      queue,
      transport: createSmtpTransport(env),
      accountTransports: new AccountTransports(),
      // Wall time on purpose: a rate is about real seconds, whatever clock the business rules read.
      sendRate: new SendRateLimiter(database.db, env.SEND_RATE_PER_ACCOUNT, systemClock),
      files,
      renders,
      log: app.log,
      signCredentials: options.signCredentials ?? true,
    };
    await queue.start(JOBS);
    for (const job of JOBS) if (env.WORKERS > 0) await queue.work(job, context, env.WORKERS);
    if (!options.workerOnly) {
      await ensureSuperAdmin(context);
      await seedGlobalContent(context);
      await buildApp(app, context);
    }
    return {
      app,
      context,
      async close() {
        await app.close();
        await queue.stop();
        await renders.close();
        await files.close();
        context.transport?.close();
        context.accountTransports.close();
        await database.close();
      },
    };
  } catch (error) {
    await renders.close();
    await files.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

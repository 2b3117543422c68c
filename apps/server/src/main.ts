import { getPriority, setPriority } from 'node:os';
import { EnvError, parseEnv } from './config/env.ts';
import { logLoopDelay } from './loop-delay.ts';
import { startLaurel } from './server.ts';

/** `node dist/main.js` serves the app (and runs workers); `node dist/main.js worker` runs workers only. */
async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'serve';
  if (mode !== 'serve' && mode !== 'worker') throw new EnvError(`Unknown command "${mode}": use "serve" or "worker".`);
  const env = parseEnv();
  if (mode === 'worker' && !env.DATABASE_URL) {
    throw new EnvError('A worker process needs DATABASE_URL: the embedded database belongs to the one process that serves the app.');
  }
  if (mode === 'worker' && env.WORKERS === 0) throw new EnvError('WORKERS=0 leaves a worker process with nothing to do.');
  if (mode === 'worker') yieldToRequests();
  if (env.LOOP_DELAY_LOG_MS) logLoopDelay(env.LOOP_DELAY_LOG_MS);
  const laurel = await startLaurel(env, { workerOnly: mode === 'worker' });
  laurel.context.renders.warm();
  const shutdown = async (signal: string) => {
    laurel.app.log.info({ signal }, 'shutting down');
    await laurel.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (mode === 'serve') {
    await laurel.app.listen({ port: env.PORT, host: env.HOST });
    console.log(`Laurel is running at ${env.PUBLIC_URL}${env.SMTP_URL ? '' : ' (mail is kept in the outbox: /admin/outbox)'}`);
  } else {
    laurel.app.log.info({ workers: env.WORKERS }, 'worker running');
  }
}

/**
 * A worker-only process often shares its cores with API processes (docs/operations.md, "Sizing"): it takes the
 * CPU that requests leave, so a send never makes visitors wait. Its nice value goes 10 above what it was
 * started with. On Linux a nice value belongs to a thread and new threads take their creator's, so setting
 * it before anything starts lowers every thread the process makes: the render pool's, libuv's, the database
 * client's.
 */
function yieldToRequests(): void {
  try {
    setPriority(Math.min(19, getPriority() + 10));
  } catch {
    // Not allowed here (a container without the capability): the process runs at the priority it was given.
  }
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

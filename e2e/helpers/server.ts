import { parseEnv } from '../../apps/server/src/config/env.ts';
import { type Laurel, startLaurel } from '../../apps/server/src/server.ts';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';
import { migratedPgliteSnapshot } from '../../apps/server/test/helpers/pglite-snapshot.ts';
import { SmtpSink } from '../../apps/server/test/helpers/smtp-sink.ts';

export const ADMIN = { email: 'root@laurel.localhost', password: 'e2e-super-admin-password' };

export interface RunningLaurel {
  laurel: Laurel;
  baseUrl: string;
  port: number;
  smtp: SmtpSink | null;
  stop(): Promise<void>;
}

export interface ServerOptions {
  smtp?: boolean;
  env?: Record<string, string>;
}

/**
 * The real app as a user meets it: the built web app served by the server on a local port, the
 * embedded database, and optionally a real SMTP server for mail. `env` adds or overrides variables,
 * for features that only exist when configured.
 *
 * The data stay in memory (`memory://`), as in the API tests: no journey restarts a server or reads its
 * data directory, and an on-disk one would cost each server a new cluster, its migrations, and the print
 * variants of every background drawn beside the journey (minutes of CPU no journey looks at).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningLaurel> {
  const port = await freePort();
  const smtp = options.smtp ? new SmtpSink() : null;
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const env = parseEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    BASE_DOMAIN: 'localhost',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...options.env,
  });
  // Fixtures write accounts straight to the database, without the registration's first refill: an
  // hourly refill crossing a test would hand them a month of credits in the middle of it.
  const laurel = await startLaurel(env, { schedules: false, databaseSnapshot: await migratedPgliteSnapshot() });
  // As main.js does: the render threads start with the server, not with the first preview.
  laurel.context.renders.warm();
  await laurel.app.listen({ port, host: '127.0.0.1' });
  return {
    laurel,
    port,
    baseUrl: `http://localhost:${port}`,
    smtp,
    async stop() {
      // The journey is over: no request needs to finish. A connection left open (a `fetch` whose body
      // was never read, a page's keep-alive) would otherwise hold the server's close for up to a minute.
      laurel.app.server.closeAllConnections();
      await laurel.close();
      await smtp?.stop();
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { type Laurel, startLaurel } from '../../apps/server/src/server.ts';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';
import { SmtpSink } from '../../apps/server/test/helpers/smtp-sink.ts';

export const ADMIN = { email: 'root@laurel.localhost', password: 'e2e-super-admin-password' };

export interface RunningLaurel {
  laurel: Laurel;
  baseUrl: string;
  port: number;
  smtp: SmtpSink | null;
  stop(): Promise<void>;
}

/**
 * The real app as a user meets it: the built web app served by the server on a local port, the
 * embedded database in a throwaway data directory, and optionally a real SMTP server for mail.
 * `env` adds or overrides variables, for features that only exist when configured.
 */
export async function startServer(options: { smtp?: boolean; env?: Record<string, string> } = {}): Promise<RunningLaurel> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-e2e-'));
  const port = await freePort();
  const smtp = options.smtp ? new SmtpSink() : null;
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const env = parseEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
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
  const laurel = await startLaurel(env, { schedules: false });
  // As main.js does: the render threads start with the server, not with the first preview.
  laurel.context.renders.warm();
  await laurel.app.listen({ port, host: '127.0.0.1' });
  return {
    laurel,
    port,
    baseUrl: `http://localhost:${port}`,
    smtp,
    async stop() {
      await laurel.close();
      await smtp?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import type { RenderPool } from '@laurel/certificate/node';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AccountTransports } from './mail/account-transports.ts';
import type { SendRateLimiter } from './mail/send-rate.ts';
import type { MailTransport } from './mail/transport.ts';
import type { FileStore } from './storage/file-store.ts';

/** What every module needs, built once at start and passed explicitly. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  clock: Clock;
  /** APP_SECRET or the generated one kept in DATA_DIR. */
  secret: string;
  queue: JobQueue;
  /** null on the embedded default: messages stay in the outbox. */
  transport: MailTransport | null;
  /** Pooled transports of accounts that send certificate mail through their own server (email settings). */
  accountTransports: AccountTransports;
  /** Certificate mail per account per second (SEND_RATE_PER_ACCOUNT), across every worker process. */
  sendRate: SendRateLimiter;
  files: FileStore;
  /**
   * The process's render workers: every certificate PDF and PNG is drawn there, each job within a time
   * limit and each worker within a memory ceiling, so one heavy design cannot stall or exhaust the server.
   */
  renders: RenderPool;
  log: FastifyBaseLogger;
  /**
   * Whether sends sign each certificate's Open Badges credential and embed it in the PDF. Always on in the
   * product; `bench:send` turns it off for one of its two sends, to show what signing costs a send.
   */
  signCredentials: boolean;
}

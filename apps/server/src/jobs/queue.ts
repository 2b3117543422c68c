import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type Job, type JobResult, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';

/** Fetch loops per job kind in a process with more than one worker: one fetches while the other runs. */
export const FETCH_LOOPS = 2;
const NO_JOB = '00000000-0000-0000-0000-000000000000';
/** How often lost jobs (stopped heartbeats, expired runs) are looked for and handed back. */
const SUPERVISE_SECONDS = 5;

/** A typed job: a name, its data, its retry policy and an idempotent handler. */
export interface JobDefinition<T extends object, C> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Longest a single run may hold the job before another worker may take it over. */
  expireInSeconds: number;
  /** When set, a running job's worker beats every half this often; a job whose beats stop is retried. */
  heartbeatSeconds?: number;
  /** Where a job goes once its retries are used up (its data unchanged), so it can be ended cleanly. */
  deadLetter?: JobDefinition<T, C>;
  /**
   * Runs the job on a recurring schedule (a cron expression in UTC) besides whenever it is enqueued. The
   * schedule lives in the database: however many processes declare it, one job is sent per occurrence,
   * and after downtime one job stands for all the occurrences missed.
   */
  schedule?: { cron: string };
  handle(data: T, context: C, job: Job<T>): Promise<void>;
  /**
   * When set, a worker hands the runs it fetched (up to `size`) to `handle` together, so that what
   * they share (claiming, recording the outcome) is one statement for all of them. Each run still
   * settles on its own: `handle` answers the error of every run that failed.
   */
  batch?: { size: number; handle(jobs: Job<T>[], context: C): Promise<Map<string, unknown>> };
}

export function defineJob<T extends object, C>(definition: JobDefinition<T, C>): JobDefinition<T, C> {
  return definition;
}

/** A transaction (or the database) a job is enqueued with, so both commit or neither does. */
export type Executor = Pick<Db, 'execute'>;

/**
 * The Postgres-backed queue (pg-boss) on the application's own database: jobs are enqueued in
 * the same transaction as the data they concern, and workers run in-process or in `worker`
 * processes against the same database.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  /** `schedules: false` declares schedules but leaves sending their jobs to other processes (tests run jobs by hand). */
  constructor(
    database: Database,
    private readonly onError: (error: unknown) => void,
    options: { schedules?: boolean } = {},
  ) {
    this.boss = new PgBoss({
      connectionString: database.connectionString,
      max: 4,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      schedule: options.schedules ?? true,
    });
    this.boss.on('error', onError);
  }

  async start(definitions: JobDefinition<object, unknown>[]): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Dead-letter queues first: a queue can only name one that exists.
    const ordered = [...definitions].sort((a, b) => Number(Boolean(a.deadLetter)) - Number(Boolean(b.deadLetter)));
    for (const definition of ordered) {
      const options = {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
        ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
        ...(definition.deadLetter ? { deadLetter: definition.deadLetter.name } : {}),
      };
      // Existing databases keep their queues: bring their policy up to date with the definition.
      if (await this.boss.getQueue(definition.name)) await this.boss.updateQueue(definition.name, options);
      else await this.boss.createQueue(definition.name, options);
    }
    // pg-boss reads a queue's settings on a connection of its own the first time a job is sent to it. Inside
    // a transaction on the embedded database, that connection would wait for the backend the transaction
    // holds, for ever: read them all now (any read through the queue does), so that sending never has to.
    for (const definition of ordered) await this.boss.getJobById(definition.name, NO_JOB);
    for (const definition of ordered) {
      if (definition.schedule) await this.boss.schedule(definition.name, definition.schedule.cron, {}, { missed: 'once' });
    }
  }

  /** The schedules declared in the database for a job kind. */
  async schedules(name: string): Promise<{ cron: string; missed: string | undefined }[]> {
    const rows = await this.boss.getSchedules(name);
    return rows.map((row) => ({ cron: row.cron, missed: row.options?.missed }));
  }

  /** `startAfter` holds the job until then (the database's clock decides). */
  async enqueue<T extends object>(
    // biome-ignore lint/suspicious/noExplicitAny: enqueueing never reads the context, and a handler's context parameter is contravariant, so `unknown` would refuse every job
    definition: JobDefinition<T, any>,
    data: T,
    options: { tx?: Executor; key?: string; startAfter?: Date } = {},
  ): Promise<void> {
    await this.boss.send(definition.name, data, {
      ...(options.key ? { singletonKey: options.key } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {}),
    });
  }

  /** Many jobs of one kind in one statement: a send of 10,000 recipients enqueues in one round trip. */
  async enqueueMany<T extends object>(
    // biome-ignore lint/suspicious/noExplicitAny: enqueueing never reads the context, and a handler's context parameter is contravariant, so `unknown` would refuse every job
    definition: JobDefinition<T, any>,
    jobs: { data: T; key: string }[],
    options: { tx?: Executor } = {},
  ): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(
      definition.name,
      jobs.map((job) => ({ data: job.data, singletonKey: job.key })),
      options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {},
    );
  }

  /**
   * Runs a job kind in this process, up to about `concurrency` at once: two fetch loops, each taking a
   * batch and running its jobs side by side (or handing them to the definition's batch handler). A full
   * batch fetches the next one at once; polling (every half second) only applies when the queue runs
   * dry. Each job settles on its own, so one failure retries that job alone.
   */
  async work<T extends object, C>(definition: JobDefinition<T, C>, context: C, concurrency: number): Promise<void> {
    const loops = concurrency > 1 ? FETCH_LOOPS : 1;
    const batchSize = definition.batch?.size ?? Math.max(2, Math.ceil(concurrency / loops));
    const failed = (job: Job<T>, error: unknown): JobResult => {
      this.onError(error);
      return { id: job.id, status: 'failed', output: { message: String((error as Error).message ?? error) } };
    };
    await this.boss.work<T>(
      definition.name,
      { batchSize, localConcurrency: loops, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true, perJobResults: true },
      async (jobs) => {
        if (definition.batch) {
          const errors = await definition.batch.handle(jobs, context);
          return jobs.map((job) => (errors.has(job.id) ? failed(job, errors.get(job.id)) : { id: job.id, status: 'completed' }));
        }
        return Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await definition.handle(job.data, context, job);
              return { id: job.id, status: 'completed' };
            } catch (error) {
              return failed(job, error);
            }
          }),
        );
      },
    );
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 });
    this.started = false;
  }
}

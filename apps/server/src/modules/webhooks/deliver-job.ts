import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { defineJob, type Executor } from '../../jobs/queue.ts';
import { GuardedFetchError, guardedFetch } from '../../net/guarded-fetch.ts';
import { decryptSecret } from '../../secrets.ts';
import { secretContext, signatureHeaders } from './signing.ts';

/** A delivery is retried for 3 days after its event, then ends failed. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_WAIT_MS = 12 * 60 * 60 * 1000;
/** The receiver has this long to answer; a slow one is an attempt that failed. */
const ANSWER_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 300;

/** The wait after a failed attempt: 10 s, 40 s, 2.7 min, 11 min, 43 min, 2.8 h, 11 h, then 12 h (about 12 attempts in 3 days). */
export function retryDelayMs(failedAttempt: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** (failedAttempt - 1), LONGEST_WAIT_MS);
}

export const deliveryJobKey = (deliveryId: number, attempt: number) => `webhook:${deliveryId}:${attempt}`;

export type WebhookDeliveryJob = { deliveryId: number; attempt: number };

interface Outcome {
  status: number | null;
  excerpt: string;
  error: string | null;
}

/**
 * One attempt of one delivery. The job of an attempt that is no longer the next one (already made, or
 * the delivery ended) does nothing, so a retried or duplicated job sends nothing twice. The schedule of
 * retries is ours (each failed attempt enqueues the next with its wait), so the log can say when the
 * next attempt comes; pg-boss's own retries only cover a worker lost mid-attempt.
 */
export const webhookDeliveryJob = defineJob<WebhookDeliveryJob, AppContext>({
  name: 'webhook.deliver',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async handle(job, context) {
    await attemptDelivery(context, job);
  },
});

export async function attemptDelivery(context: AppContext, job: WebhookDeliveryJob): Promise<void> {
  const [row] = await context.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
    .where(
      and(
        eq(webhookDeliveries.id, job.deliveryId),
        eq(webhookDeliveries.state, 'pending'),
        eq(webhookDeliveries.attempts, job.attempt - 1),
      ),
    );
  if (!row) return;
  const at = context.clock.now();
  const started = performance.now();
  const outcome: Outcome = row.endpoint.enabled
    ? await post(context, row.endpoint, row.event, at)
    : { status: null, excerpt: '', error: 'The endpoint is disabled.' };
  const durationMs = Math.round(performance.now() - started);
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const next = new Date(at.getTime() + retryDelayMs(job.attempt));
  const state = delivered ? 'delivered' : row.endpoint.enabled && next <= row.delivery.retry_until ? 'pending' : 'failed';

  await context.db.transaction(async (tx) => {
    const moved = await tx
      .update(webhookDeliveries)
      .set({
        state,
        attempts: job.attempt,
        last_status_code: outcome.status,
        last_attempt_at: at,
        next_attempt_at: state === 'pending' ? next : null,
        updated_at: at,
      })
      .where(and(eq(webhookDeliveries.id, job.deliveryId), eq(webhookDeliveries.attempts, job.attempt - 1)))
      .returning({ id: webhookDeliveries.id });
    if (!moved.length) return;
    await tx.insert(webhookAttempts).values({
      delivery_id: job.deliveryId,
      attempt: job.attempt,
      at,
      status_code: outcome.status,
      response_excerpt: outcome.excerpt,
      duration_ms: durationMs,
      error: outcome.error,
    });
    if (state === 'pending') await enqueueAttempt(context, tx as Db, job.deliveryId, job.attempt + 1, next);
  });
}

export async function enqueueAttempt(context: AppContext, tx: Db, deliveryId: number, attempt: number, startAfter?: Date) {
  await context.queue.enqueue(
    webhookDeliveryJob,
    { deliveryId, attempt },
    { tx: tx as Executor, key: deliveryJobKey(deliveryId, attempt), ...(startAfter ? { startAfter } : {}) },
  );
}

async function post(
  context: AppContext,
  endpoint: typeof webhookEndpoints.$inferSelect,
  event: typeof webhookEvents.$inferSelect,
  at: Date,
): Promise<Outcome> {
  const body = JSON.stringify({ id: event.id, type: event.type, timestamp: event.created_at.toISOString(), data: event.data });
  const secret = decryptSecret(context.secret, endpoint.secret, secretContext(endpoint.id));
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Laurel-Webhooks/1.0',
    ...signatureHeaders(secret, event.id, Math.floor(at.getTime() / 1000), body),
  };
  try {
    const answer = await guardedFetch(endpoint.url, {
      allowPrivate: context.env.ALLOW_PRIVATE_TARGETS,
      method: 'POST',
      headers,
      body,
      timeoutMs: ANSWER_TIMEOUT_MS,
      // A redirect is an answer like any other non-2xx: following it would POST the event somewhere the admin never named.
      maxRedirects: 0,
      maxBytes: 256 * 1024,
    });
    return { status: answer.status, excerpt: answer.body.toString('utf8').slice(0, EXCERPT_CHARS), error: null };
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      return {
        status: null,
        excerpt: '',
        error: error.reason === 'redirects' ? 'The endpoint answered with a redirect, which is not followed.' : error.message,
      };
    }
    return { status: null, excerpt: '', error: String((error as Error).message ?? error).slice(0, EXCERPT_CHARS) };
  }
}

import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@laurel/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import type { Executor } from '../../jobs/queue.ts';
import { deliveryJobKey, RETRY_WINDOW_MS, webhookDeliveryJob } from './deliver-job.ts';

export interface WebhookEventInput {
  accountId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** `evt_` and 144 random bits: the id receivers de-duplicate by. */
const eventId = () => `evt_${randomBytes(18).toString('base64url')}`;

/**
 * Whether any of these accounts has an enabled endpoint for this event type: one probe of the endpoints'
 * account index, so a hot path (a delivery batch) can skip a transaction when nobody listens.
 */
export async function hasWebhookListeners(db: Db, accountIds: number[], type: WebhookEventType): Promise<boolean> {
  const endpoints = await listeners(db, accountIds);
  return endpoints.some((e) => e.events.includes(type));
}

function listeners(db: Db, accountIds: number[]) {
  return db
    .select({ id: webhookEndpoints.id, account_id: webhookEndpoints.account_id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.account_id, [...new Set(accountIds)]), eq(webhookEndpoints.enabled, true)));
}

/**
 * Records events in the transaction of the state change they report, with a delivery and its job for
 * each enabled endpoint subscribed to them: the events commit with the change or not at all. A batch of
 * events (a delivery batch's recipients) costs one endpoint query, and nothing more when no one listens.
 */
export async function emitWebhookEvents(context: AppContext, tx: Db, events: WebhookEventInput[]): Promise<void> {
  if (!events.length) return;
  const endpoints = await listeners(
    tx,
    events.map((e) => e.accountId),
  );
  if (!endpoints.length) return;
  const now = context.clock.now();
  const rows: (typeof webhookEvents.$inferInsert)[] = [];
  const targets: { event_id: string; endpoint_id: number; account_id: number }[] = [];
  for (const event of events) {
    const subscribed = endpoints.filter((e) => e.account_id === event.accountId && e.events.includes(event.type));
    if (!subscribed.length) continue;
    const id = eventId();
    rows.push({ id, account_id: event.accountId, type: event.type, data: event.data, created_at: now });
    for (const endpoint of subscribed) targets.push({ event_id: id, endpoint_id: endpoint.id, account_id: event.accountId });
  }
  if (!rows.length) return;
  await tx.insert(webhookEvents).values(rows);
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(
      targets.map((t) => ({
        ...t,
        retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  await context.queue.enqueueMany(
    webhookDeliveryJob,
    deliveries.map((d) => ({ data: { deliveryId: d.id, attempt: 1 }, key: deliveryJobKey(d.id, 1) })),
    { tx: tx as Executor },
  );
}

/** One event; see `emitWebhookEvents`. */
export function emitWebhookEvent(context: AppContext, tx: Db, event: WebhookEventInput): Promise<void> {
  return emitWebhookEvents(context, tx, [event]);
}

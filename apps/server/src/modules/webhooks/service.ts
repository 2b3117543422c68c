import { WEBHOOK_MESSAGES as M, type WebhookEndpointInput, type webhookEndpointInput } from '@laurel/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { encryptSecret } from '../../secrets.ts';
import { audit } from '../system/index.ts';
import { enqueueAttempt } from './deliver-job.ts';
import { presentDelivery, presentEndpoint } from './presenter.ts';
import { newSigningSecret, secretContext, secretHint } from './signing.ts';
import { checkEndpointUrl } from './targets.ts';

/** Who acts: the account's admin (or a super-admin acting as them), for tenant scoping and the audit log. */
export interface WebhookActor {
  accountId: number;
  userId: number;
  actorId: number;
  ip: string;
}

type Input = z.output<typeof webhookEndpointInput>;

export type { WebhookEndpointInput };

const log = (context: AppContext, actor: WebhookActor, action: string, details: Record<string, unknown>, tx?: Db) =>
  audit(context, { action, userId: actor.userId, accountId: actor.accountId, actorId: actor.actorId, ip: actor.ip, details }, tx);

export async function listEndpoints(context: AppContext, accountId: number) {
  const rows = await context.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.account_id, accountId))
    .orderBy(webhookEndpoints.id);
  return rows.map(presentEndpoint);
}

async function ownEndpoint(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.account_id, accountId)));
  if (!row) throw notFound();
  return row;
}

export async function createEndpoint(context: AppContext, actor: WebhookActor, input: Input) {
  const url = await checkEndpointUrl(context, input.url);
  const secret = newSigningSecret();
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({
        account_id: actor.accountId,
        url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        // Encrypted under the endpoint's own id, which exists only once the row does.
        secret: '',
        secret_hint: secretHint(secret),
        created_at: now,
        updated_at: now,
      })
      .returning();
    const [stored] = await tx
      .update(webhookEndpoints)
      .set({ secret: encryptSecret(context.secret, secret, secretContext(made!.id)) })
      .where(eq(webhookEndpoints.id, made!.id))
      .returning();
    await log(context, actor, 'webhook.created', { endpoint_id: made!.id, url, events: input.events }, tx as Db);
    return stored!;
  });
  return { webhook: presentEndpoint(row), secret, message: M.created };
}

export async function updateEndpoint(context: AppContext, actor: WebhookActor, id: number, input: Input) {
  const current = await ownEndpoint(context.db, actor.accountId, id);
  const url = await checkEndpointUrl(context, input.url);
  const row = await context.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(webhookEndpoints)
      .set({ url, description: input.description, events: input.events, enabled: input.enabled, updated_at: context.clock.now() })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await log(
      context,
      actor,
      'webhook.updated',
      { endpoint_id: id, url, events: input.events, enabled: input.enabled, previous_url: current.url },
      tx as Db,
    );
    return saved!;
  });
  return { webhook: presentEndpoint(row), message: M.saved };
}

export async function deleteEndpoint(context: AppContext, actor: WebhookActor, id: number) {
  const current = await ownEndpoint(context.db, actor.accountId, id);
  await context.db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await log(context, actor, 'webhook.deleted', { endpoint_id: id, url: current.url }, tx as Db);
  });
  return { success: true, message: M.deleted };
}

/** The new secret replaces the old at once: attempts from now on, retries included, are signed with it. */
export async function rollSecret(context: AppContext, actor: WebhookActor, id: number) {
  const current = await ownEndpoint(context.db, actor.accountId, id);
  const secret = newSigningSecret();
  const row = await context.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(webhookEndpoints)
      .set({
        secret: encryptSecret(context.secret, secret, secretContext(current.id)),
        secret_hint: secretHint(secret),
        updated_at: context.clock.now(),
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await log(context, actor, 'webhook.secret_rolled', { endpoint_id: id }, tx as Db);
    return saved!;
  });
  return { webhook: presentEndpoint(row), secret, message: M.rolled };
}

export async function listDeliveries(context: AppContext, accountId: number, endpointId: number, page: { limit: number; offset: number }) {
  const endpoint = await ownEndpoint(context.db, accountId, endpointId);
  const [rows, [total]] = await Promise.all([
    context.db
      .select({ delivery: webhookDeliveries, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
      .where(eq(webhookDeliveries.endpoint_id, endpoint.id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    context.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, endpoint.id)),
  ]);
  const attempts = await attemptsOf(
    context.db,
    rows.map((r) => r.delivery.id),
  );
  return {
    deliveries: rows.map((r) =>
      presentDelivery(
        r.delivery,
        r.type,
        attempts.filter((a) => a.delivery_id === r.delivery.id),
      ),
    ),
    total: total?.n ?? 0,
  };
}

async function attemptsOf(db: Db, deliveryIds: number[]) {
  if (!deliveryIds.length) return [];
  return db.select().from(webhookAttempts).where(inArray(webhookAttempts.delivery_id, deliveryIds));
}

/**
 * Sends an event again, now, under the same `webhook-id`. A delivery still being retried keeps its
 * schedule (the waiting attempt then finds itself stale); an ended one gets this one attempt.
 */
export async function resendDelivery(context: AppContext, actor: WebhookActor, deliveryId: number) {
  const now = context.clock.now();
  const resent = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        state: 'pending',
        retry_until: sql`greatest(${webhookDeliveries.retry_until}, ${now.toISOString()}::timestamptz)`,
        next_attempt_at: now,
        updated_at: now,
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.account_id, actor.accountId)))
      .returning();
    if (!row) throw notFound();
    await enqueueAttempt(context, tx as Db, row.id, row.attempts + 1);
    await log(context, actor, 'webhook.resent', { endpoint_id: row.endpoint_id, delivery_id: row.id, event_id: row.event_id }, tx as Db);
    return row;
  });
  const [event] = await context.db.select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.id, resent.event_id));
  const attempts = await attemptsOf(context.db, [resent.id]);
  return { delivery: presentDelivery(resent, event!.type, attempts), message: M.resent };
}

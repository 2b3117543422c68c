import type { WebhookDelivery, WebhookDeliveryState, WebhookEndpoint, WebhookEventType } from '@laurel/domain';
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export function presentEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    secret_hint: row.secret_hint,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentDelivery(
  delivery: typeof webhookDeliveries.$inferSelect,
  eventType: string,
  attempts: (typeof webhookAttempts.$inferSelect)[],
): WebhookDelivery {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    event_type: eventType as WebhookEventType,
    state: delivery.state as WebhookDeliveryState,
    attempts: delivery.attempts,
    created_at: delivery.created_at.toISOString(),
    last_attempt_at: delivery.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: delivery.next_attempt_at?.toISOString() ?? null,
    last_status_code: delivery.last_status_code,
    attempt_log: attempts
      .sort((a, b) => b.attempt - a.attempt)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        status_code: a.status_code,
        response_excerpt: a.response_excerpt,
        duration_ms: a.duration_ms,
        error: a.error,
      })),
  };
}

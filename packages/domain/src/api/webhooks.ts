import { z } from 'zod';
import { defineCalls, idParams, okReply, queryInt, timestamp } from './contract.ts';

/**
 * Signed webhooks: an account's admins register endpoints that receive events about its
 * certificates. Each delivery is signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) with the endpoint's secret, which is shown once, when made or rolled.
 */

export const WEBHOOK_EVENT_TYPES = [
  'recipient.delivered',
  'recipient.bounced',
  'recipient.opened',
  'recipient.downloaded',
  'recipient.revoked',
  'recipient.reinstated',
  'recipient.corrected',
  'project.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, for the endpoint form. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'recipient.delivered': 'Certificate email delivered',
  'recipient.bounced': 'Certificate email bounced',
  'recipient.opened': 'Certificate page opened (first time)',
  'recipient.downloaded': 'Certificate PDF downloaded (first time)',
  'recipient.revoked': 'Certificate revoked',
  'recipient.reinstated': 'Certificate reinstated after a revocation',
  'recipient.corrected': 'Certificate corrected (a new version)',
  'project.sent': 'Send started for a project',
};

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full web address such as https://example.com/hooks/laurel.',
  httpsOnly: 'The address must start with https://.',
  privateTarget: 'This address resolves to a private, loopback or link-local address. Use an address reachable on the internet.',
  unresolvable: 'This address’s host name could not be found.',
  eventsRequired: 'Choose at least one event.',
  created: 'Endpoint added. Copy its signing secret now: it is not shown again.',
  saved: 'Endpoint saved.',
  deleted: 'Endpoint deleted.',
  rolled: 'New signing secret made. Copy it now: it is not shown again.',
  resent: 'The event is being sent again.',
} as const;

export const webhookEndpoint = z
  .object({
    id: z.number(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** The secret's first characters, to tell endpoints' secrets apart; the secret itself is shown once. */
    secret_hint: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointInput = z.object({
  url: z.string().trim().min(1, WEBHOOK_MESSAGES.urlInvalid).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MESSAGES.eventsRequired),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

/** An endpoint with its signing secret (`whsec_` and base64 bytes), answered only when made or rolled. */
const endpointWithSecret = z.object({ webhook: webhookEndpoint, secret: z.string(), message: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof endpointWithSecret>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookAttempt = z.object({
  attempt: z.number(),
  at: timestamp(),
  /** The receiver's HTTP status, or null when none came (refused, timed out). */
  status_code: z.number().nullable(),
  /** The start of the receiver's answer. */
  response_excerpt: z.string(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});

export const webhookDelivery = z
  .object({
    id: z.number(),
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number(),
    created_at: timestamp(),
    last_attempt_at: timestamp().nullable(),
    next_attempt_at: timestamp().nullable(),
    last_status_code: z.number().nullable(),
    /** Every attempt, newest first. */
    attempt_log: z.array(webhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookCalls = defineCalls('webhooks', {
  listWebhooks: {
    method: 'GET',
    path: '/api/webhooks',
    summary: "List the account's webhook endpoints (account admins)",
    access: 'session',
    response: z.object({ webhooks: z.array(webhookEndpoint) }),
  },
  createWebhook: {
    method: 'POST',
    path: '/api/webhooks',
    summary: 'Add a webhook endpoint; its signing secret is answered this once',
    description:
      'The address must be https and reach a public address (http and private addresses only when the operator allows private targets).',
    access: 'session',
    body: webhookEndpointInput,
    response: endpointWithSecret,
    errors: [429],
  },
  updateWebhook: {
    method: 'PUT',
    path: '/api/webhooks/:id',
    summary: "Change a webhook endpoint's address, events, description or whether it is enabled",
    access: 'session',
    params: idParams,
    body: webhookEndpointInput,
    response: z.object({ webhook: webhookEndpoint, message: z.string() }),
    errors: [429],
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    summary: 'Delete a webhook endpoint and its delivery log',
    access: 'session',
    params: idParams,
    response: okReply,
  },
  rollWebhookSecret: {
    method: 'POST',
    path: '/api/webhooks/:id/roll-secret',
    summary: "Replace an endpoint's signing secret at once; the new one is answered this once",
    access: 'session',
    params: idParams,
    response: endpointWithSecret,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    summary: "An endpoint's delivery log, newest first, a page at a time",
    access: 'session',
    params: idParams,
    query: z.object({ limit: queryInt(1, 100).default(20), offset: z.coerce.number<number | string>().int().min(0).default(0) }),
    response: z.object({ deliveries: z.array(webhookDelivery), total: z.number() }),
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/api/webhooks/deliveries/:id/resend',
    summary: 'Send an event to its endpoint again, now, with the same webhook-id',
    access: 'session',
    params: idParams,
    response: z.object({ delivery: webhookDelivery, message: z.string() }),
  },
});

/** The webhooks module's public face: what other modules and the server's shared code may use. */
export { webhookDeliveryJob } from './deliver-job.ts';
export { emitWebhookEvent, emitWebhookEvents, hasWebhookListeners, type WebhookEventInput } from './emit.ts';
export { projectEventData, recipientEventData } from './event-data.ts';

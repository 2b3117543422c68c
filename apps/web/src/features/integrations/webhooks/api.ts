import { type WebhookEndpointInput, webhookCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';
import { integrationsKeys } from '../query-keys.ts';

export const WEBHOOKS_KEY = integrationsKeys.webhooks();

export const listWebhooks = () => call(webhookCalls.listWebhooks, {});

export const createWebhook = (body: WebhookEndpointInput) => call(webhookCalls.createWebhook, { body });

export const updateWebhook = (id: number, body: WebhookEndpointInput) => call(webhookCalls.updateWebhook, { params: { id }, body });

export const deleteWebhook = (id: number) => call(webhookCalls.deleteWebhook, { params: { id } });

export const rollWebhookSecret = (id: number) => call(webhookCalls.rollWebhookSecret, { params: { id } });

export const listDeliveries = (id: number, limit: number, offset: number) =>
  call(webhookCalls.listWebhookDeliveries, { params: { id }, query: { limit, offset } });

export const resendDelivery = (id: number) => call(webhookCalls.resendWebhookDelivery, { params: { id } });

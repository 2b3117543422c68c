import { z } from 'zod';
import { defineCalls, idParams, timestamp } from './contract.ts';

/** The outbox: every message the product sent or kept, for super-admins (/admin/outbox). */

export const outboxSummary = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    status: z.string(),
    created_at: timestamp(),
  })
  .meta({ id: 'OutboxSummary' });
export type OutboxSummary = z.infer<typeof outboxSummary>;

export const outboxPage = z.object({ messages: z.array(outboxSummary), count: z.number().int() });
export type OutboxPage = z.infer<typeof outboxPage>;

export const outboxMessage = z
  .object({
    id: z.number().int(),
    to: z.string(),
    from: z.string(),
    subject: z.string(),
    /** Null for a plain-text-only message. */
    html: z.string().nullable(),
    text: z.string(),
    status: z.string(),
    headers: z.record(z.string(), z.string()),
    created_at: timestamp(),
    sent_at: timestamp().nullable(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const adminCalls = defineCalls('admin', {
  listOutboxMessages: {
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'List the messages of the outbox, newest first (super-admins)',
    access: 'session',
    query: z.object({
      limit: z.coerce.number<number | string>().int().min(1).max(100).default(10),
      offset: z.coerce.number<number | string>().int().min(0).default(0),
    }),
    response: outboxPage,
  },
  getOutboxMessage: {
    method: 'GET',
    path: '/api/admin/outbox/:id',
    summary: 'Read one message of the outbox with its body and headers (super-admins)',
    access: 'session',
    params: idParams,
    response: outboxMessage,
  },
});

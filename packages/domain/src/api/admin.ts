import { z } from 'zod';
import { activityPage, activityQuery } from './admin-activity.ts';
import { defineCalls, idParams, queryInt, timestamp } from './contract.ts';

/**
 * The outbox (/admin/outbox): every message the product recorded, sent or kept, for super-admins; and the activity
 * log over every account's audit log (/admin/activity). docs/product/super-admin.md#outbox and #activity.
 */

/** Certificate emails to recipients are one kind; everything else Laurel writes is account mail. */
export const OUTBOX_VIEWS = ['all', 'certificate', 'account'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];
/** The `kind` of a certificate email held in the outbox. */
export const CERTIFICATE_MAIL_KIND = 'certificate';

const outboxAccount = z.object({ id: z.number().int(), name: z.string() }).nullable();
const outboxProject = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const outboxSummary = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    status: z.string(),
    created_at: timestamp(),
    /** The account the message was written for or about; null for mail of nobody's account (a registration). */
    account: outboxAccount,
    /** A certificate email's project. */
    project: outboxProject,
  })
  .meta({ id: 'OutboxSummary' });
export type OutboxSummary = z.infer<typeof outboxSummary>;

export const outboxPage = z
  .object({
    messages: z.array(outboxSummary),
    count: z.number().int(),
    /**
     * What becomes of certificate emails on this server: `kept` here (no mail server is set), or `sent` through the
     * mail server without a copy here. Either way an account with its own mail server sends through it.
     */
    certificate_mail: z.enum(['kept', 'sent']),
  })
  .meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof outboxPage>;

export const outboxQuery = z.object({
  limit: queryInt(1, 100).default(10),
  offset: queryInt(0, 10_000_000).default(0),
  view: z.enum(OUTBOX_VIEWS, { error: 'choose all, certificate or account.' }).default('all'),
  /** Part of the recipient's address or name. */
  search: z.string().trim().max(200, 'at most 200 characters.').optional(),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

export const outboxMessage = z
  .object({
    id: z.number().int(),
    to: z.string(),
    from: z.string(),
    subject: z.string(),
    kind: z.string(),
    /** Null for a plain-text-only message. */
    html: z.string().nullable(),
    text: z.string(),
    status: z.string(),
    headers: z.record(z.string(), z.string()),
    /** The names of the files sent with it. */
    attachments: z.array(z.string()),
    account: outboxAccount,
    project: outboxProject,
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
    summary: 'List the messages of the outbox, newest first, all or one view of them (super-admins)',
    access: 'session',
    query: outboxQuery,
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
  listActivity: {
    method: 'GET',
    path: '/api/admin/activity',
    summary: "List every account's audit log, newest first, searched and filtered by kind, account and days (super-admins)",
    access: 'session',
    query: activityQuery,
    response: activityPage,
  },
});

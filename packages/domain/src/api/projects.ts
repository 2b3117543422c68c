import { EXPIRATION_DATE_FORMATS, elementSchema } from '@laurel/certificate';
import { z } from 'zod';
import { emailDesignSchema } from '../email-design.ts';
import { defineCalls, idParams, okReply, queryFlag, queryInt, timestamp } from './contract.ts';
import { emailPreview } from './email-preview.ts';

/** Projects of the send wizard and the Store, their recipients and their email (docs/product/store.md#calls). */

export const RECIPIENT_STATES = ['draft', 'queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** Where a project's recipients stand (docs/product/store.md#what-is-kept), counted from their delivery states. */
export const projectCounters = z.object({
  recipients_count: z.number().int(),
  sent_count: z.number().int(),
  sent_pending: z.number().int(),
  unsent_count: z.number().int(),
  undeliverable: z.number().int(),
  unvisited_recipients: z.number().int(),
  /** Waiting for a first send, or failed and still within the resend limits. */
  sendable_recipients: z.number().int(),
});
export type ProjectCounters = z.infer<typeof projectCounters>;

export const project = projectCounters
  .extend({
    id: z.number().int(),
    title: z.string(),
    /** The memo (the spec's `key`). */
    key: z.string(),
    status: z.number().int(),
    certificate_id: z.number().int().nullable(),
    certificate_name: z.string(),
    email_sender_name: z.string().nullable(),
    filename: z.string().nullable(),
    /** Group resends made so far. */
    resend_attempts: z.number().int(),
    /** Group resends the project may make (docs/product/super-admin.md#rules-and-limits: 5, unless a super-admin raised it). */
    resend_limit: z.number().int(),
    /** Column title -> field key, as the list was matched when the project was saved. */
    mapping: z.record(z.string(), z.string()),
    /** The design the project was saved with: later edits of the certificate set do not change it. */
    elements: z.array(elementSchema),
    expiration_date_format: z.enum(EXPIRATION_DATE_FORMATS).nullable(),
    reply_to: z.string().nullable(),
    cc: z.string(),
    bcc: z.string(),
    email_body_text: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof project>;

export const historyEvent = z.object({ event: z.string(), at: timestamp(), detail: z.string().optional() });
export type HistoryEvent = z.infer<typeof historyEvent>;

/** A recipient of a project. The public link is not here: it is the recipient's, and travels only in their email. */
export const recipient = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    meta: z.record(z.string(), z.string()),
    certificate_number: z.string(),
    state: z.enum(RECIPIENT_STATES),
    sent: z.boolean(),
    sent_at: timestamp().nullable(),
    accessed_at: timestamp().nullable(),
    sent_details: z.array(historyEvent),
    resend_errored: z.number().int(),
    resend_individual: z.number().int(),
    revoked: z.boolean(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof recipient>;

/** Rows as the wizard mapped them: field key -> value. */
export const recipientRows = z
  .array(z.record(z.string().max(100), z.string().max(2_000)))
  .min(1, 'Add at least one recipient.')
  .max(50_000);

export const PROJECT_SORTS = ['id', 'newest', 'title'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const RECIPIENT_SORTS = ['last_name', 'first_name', 'email', 'newest'] as const;
export type RecipientSort = (typeof RECIPIENT_SORTS)[number];

const paging = { limit: queryInt(1, 100).default(10), offset: queryInt(0, 1_000_000_000).default(0) };

/** A project's email as the email editor reads it: the email fields flat, beside the design whose fields it may use. */
export const projectEmail = emailDesignSchema
  .extend({
    id: z.number().int(),
    name: z.string(),
    certificate_name: z.string(),
    elements: z.array(elementSchema),
    back_side_elements: z.array(elementSchema),
  })
  .meta({ id: 'ProjectEmail' });
export type ProjectEmail = z.infer<typeof projectEmail>;

/** The editor's state as it is being edited; the server checks it with the editor's rules. */
const emailEdit = z.record(z.string(), z.unknown());

export const projectCalls = defineCalls('projects', {
  createProject: {
    method: 'POST',
    path: '/api/projects',
    summary: 'Save a project: a list of recipients for one certificate set',
    access: 'session',
    body: z.object({
      title: z.string().trim().min(1, 'Project title is required.').max(200),
      key: z.string().trim().max(2_000).optional(),
      certificate_id: z.number().int().positive(),
      filename: z.string().max(255).nullable().optional(),
      mapping: z
        .record(z.string().max(2_000), z.string().max(100))
        .refine((columns) => Object.keys(columns).length <= 100, 'At most 100 columns can be imported.')
        .optional(),
      recipients: recipientRows,
    }),
    response: project,
  },
  getProject: {
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'Read a project',
    access: 'session',
    params: idParams,
    response: project,
  },
  listProjects: {
    method: 'GET',
    path: '/api/projects',
    summary: 'List projects, newest first, searched by title and memo',
    access: 'session',
    query: z.object({ ...paging, like: z.string().trim().max(200).optional(), sort: z.enum(PROJECT_SORTS).default('id') }),
    response: z.object({ projects: z.array(project), count: z.number().int() }),
  },
  listRecipients: {
    method: 'GET',
    path: '/api/recipients',
    summary: "List a project's recipients",
    access: 'session',
    query: z.object({
      project_id: z.coerce.number<number | string>().int().positive(),
      ...paging,
      like: z.string().trim().max(200).optional(),
      sort: z.enum(RECIPIENT_SORTS).default('last_name'),
    }),
    response: z.object({ recipients: z.array(recipient), count: z.number().int() }),
    errors: [404],
  },
  updateProjectMemo: {
    method: 'POST',
    path: '/api/projects/:id/update-memo',
    summary: "Change a project's memo or title",
    access: 'session',
    params: idParams,
    body: z.object({ memo: z.string().trim().max(2_000).optional(), title: z.string().trim().min(1).max(200).optional() }),
    response: okReply.extend({ project }),
  },
  addRecipients: {
    method: 'POST',
    path: '/api/projects/:id/add-recipients',
    summary: 'Add recipients to a project; they wait for its next send',
    access: 'session',
    params: idParams,
    body: z.object({ recipients: recipientRows }),
    response: okReply.extend({ added: z.number().int(), project }),
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a project; `permanently=1` (super-admins) removes a deleted project for good',
    description:
      'Without `permanently` the project leaves the store and can be recovered. With `permanently=1` a super-admin removes a ' +
      'project that was already deleted, with its recipients and their certificate files.',
    access: 'session',
    params: idParams,
    query: z.object({ permanently: queryFlag() }),
    response: okReply,
  },
  getProjectEmail: {
    method: 'GET',
    path: '/api/projects/:id/email',
    summary: "Read a project's own email",
    access: 'session',
    params: idParams,
    response: projectEmail,
  },
  updateProjectEmail: {
    method: 'PUT',
    path: '/api/projects/:id',
    summary: "Save a project's own email; the certificate set's email stays as it is",
    access: 'session',
    params: idParams,
    body: emailEdit,
    response: projectEmail,
  },
  listProjectIndex: {
    method: 'GET',
    path: '/api/projects/index-list',
    summary: "List the account's projects by title, briefly, for pickers and filters (no paging)",
    description:
      '`where[status]=1` (the default) lists live projects; `recipients_count=1` adds each count; `fields` names the columns wanted.',
    access: 'session',
    query: z.object({
      'where[status]': z.enum(['1']).optional(),
      like: z.string().trim().max(200).optional(),
      recipients_count: queryFlag(),
      fields: z
        .string()
        .max(200)
        .optional()
        .transform((value) => (value ? value.split(',').map((f) => f.trim()) : [])),
    }),
    response: z.object({
      projects: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          key: z.string().optional(),
          certificate_name: z.string().optional(),
          created_at: timestamp().optional(),
          recipients_count: z.number().int().optional(),
        }),
      ),
    }),
  },
  refreshProjectHistory: {
    method: 'POST',
    path: '/api/projects/:id/refresh-history',
    summary: "Count a project's recipients by delivery state again from the recipients themselves",
    description: 'The counters are kept as recipients change; this recounts them, and answers the project as it now stands.',
    access: 'session',
    params: idParams,
    response: project,
  },
  previewProjectEmail: {
    method: 'POST',
    path: '/api/projects/:id/email-preview',
    summary: "Compose the editor's unsaved email with sample data, as the project's recipients will get it",
    access: 'session',
    params: idParams,
    body: emailEdit,
    response: emailPreview,
  },
});

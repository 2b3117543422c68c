import { api } from '../../api/client.ts';

/**
 * Projects, their recipients and their delivery, as both the send wizard's last step and the Store
 * read them (spec 3 §7, Send and projects).
 */

/**
 * Every query of a project or its recipients has a key under this one, whichever screen asks: a send
 * from the wizard then refreshes what the Store shows, and a send or an edit in the Store refreshes
 * the wizard's send step.
 */
export const PROJECTS_KEY = ['store'] as const;

export const projectKey = (id: number) => [...PROJECTS_KEY, 'project', id] as const;

export const progressKey = (id: number) => [...PROJECTS_KEY, 'progress', id] as const;

/** A project's recipients; `view` tells apart the tables that list them with other pages or searches. */
export const recipientsKey = (projectId: number, ...view: unknown[]) => [...PROJECTS_KEY, 'recipients', projectId, ...view] as const;

export type Paging = { limit: number; offset: number };

export interface ProjectCounters {
  recipients_count: number;
  sent_count: number;
  sent_pending: number;
  unsent_count: number;
  undeliverable: number;
  unvisited_recipients: number;
}

export interface Project extends ProjectCounters {
  id: number;
  title: string;
  /** The memo (the spec's `key`). */
  key: string;
  status: number;
  certificate_id: number | null;
  certificate_name: string;
  email_sender_name: string | null;
  filename: string | null;
  resend_attempts: number;
  created_at: string;
  updated_at: string;
}

export const getProject = (id: number) => api.get<Project>(`/projects/${id}`);

export type RecipientState = 'draft' | 'queued' | 'sending' | 'sent' | 'bounced' | 'failed' | 'suppressed';

export interface HistoryEvent {
  event: string;
  at: string;
  detail?: string;
}

export interface Recipient {
  id: number;
  project_id: number;
  first_name: string;
  last_name: string;
  email: string;
  meta: Record<string, string>;
  certificate_number: string;
  state: RecipientState;
  sent: boolean;
  sent_at: string | null;
  accessed_at: string | null;
  sent_details: HistoryEvent[];
  resend_errored: number;
  resend_individual: number;
  revoked: boolean;
  updated_at: string;
}

export const listProjectRecipients = (
  query: Paging & { project_id: number; like?: string; sort?: 'last_name' | 'first_name' | 'email' | 'newest' },
) => api.get<{ recipients: Recipient[]; count: number }>('/recipients', { query });

/** Sending and resending (the delivery API): sender name is required by the server. */
export interface SendRequest {
  sender_name: string;
  recipients?: number[];
  resend_never_logged_in?: boolean;
  resend_failed?: boolean;
  resend_individual?: number;
}

export interface SendResult {
  success: boolean;
  queued: number;
  message: string;
  redirect?: string;
}

export const sendEmails = (projectId: number, body: SendRequest) => api.post<SendResult>(`/projects/${projectId}/send-emails`, body);

export interface SendProgress {
  project_id: number;
  total: number;
  draft: number;
  pending: number;
  sent: number;
  bounced: number;
  failed: number;
  suppressed: number;
  opened: number;
  finished: boolean;
}

export const getProgress = (projectId: number) => api.get<SendProgress>(`/projects/${projectId}/progress`);

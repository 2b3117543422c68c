import { api } from '../api/client.ts';

export interface OutboxSummary {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: string;
  created_at: string;
}

export interface OutboxPage {
  messages: OutboxSummary[];
  count: number;
}

export interface OutboxMessage {
  id: number;
  to: string;
  from: string;
  subject: string;
  html: string | null;
  text: string | null;
  status?: string;
  headers: Record<string, string>;
  created_at: string;
  sent_at?: string | null;
  last_error?: string | null;
}

export const listOutbox = (limit: number, offset: number) => api.get<OutboxPage>('/admin/outbox', { query: { limit, offset } });

export const getOutboxMessage = (id: string) => api.get<OutboxMessage>(`/admin/outbox/${encodeURIComponent(id)}`);

import { sql } from 'drizzle-orm';
import { recipients } from '../../db/schema.ts';

/** Appends one timestamped event to a recipient's `sent_details` in the same UPDATE that changes its state. */
export function withEvent(event: string, at: Date, detail?: string) {
  const entry = JSON.stringify([{ event, at: at.toISOString(), ...(detail ? { detail: detail.slice(0, 300) } : {}) }]);
  return sql`${recipients.sent_details} || ${entry}::jsonb`;
}

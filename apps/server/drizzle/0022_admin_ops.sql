ALTER TABLE "credit_ledger" ADD COLUMN "amount_paid" integer;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "resend_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_ledger_purchases_idx" ON "credit_ledger" USING btree ("created_at") WHERE "credit_ledger"."kind" in ('purchase', 'automatic_purchase');
--> statement-breakpoint
-- A failed recipient stays sendable while its group resends are under the project's own limit
-- (projects.resend_limit, which a super-admin may raise), not the spec's default of 5.
CREATE OR REPLACE FUNCTION laurel_count_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT project_id, state, accessed_at, resend_errored, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT project_id, state, accessed_at, resend_errored, -1 AS sign FROM old_rows'
    ELSE 'SELECT project_id, state, accessed_at, resend_errored, 1 AS sign FROM new_rows
          UNION ALL SELECT project_id, state, accessed_at, resend_errored, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($query$
    WITH delta AS (
      SELECT changed_rows.project_id AS project_id,
        sum(sign)::int AS recipients,
        sum(sign * (state = 'draft')::int)::int AS draft,
        sum(sign * (state IN ('queued', 'sending'))::int)::int AS pending,
        sum(sign * (state = 'sent')::int)::int AS sent,
        sum(sign * (state = 'bounced')::int)::int AS bounced,
        sum(sign * (state = 'failed')::int)::int AS failed,
        sum(sign * (state = 'suppressed')::int)::int AS suppressed,
        sum(sign * (state = 'sent' AND accessed_at IS NULL)::int)::int AS unvisited,
        sum(sign * (accessed_at IS NOT NULL)::int)::int AS opened,
        sum(sign * (state = 'draft' OR (state = 'failed' AND resend_errored < coalesce(p.resend_limit, 5)))::int)::int AS sendable
      FROM (%s) AS changed_rows
      LEFT JOIN projects p ON p.id = changed_rows.project_id
      GROUP BY changed_rows.project_id
    ), changed AS (
      SELECT * FROM delta
      WHERE (recipients, draft, pending, sent, bounced, failed, suppressed, unvisited, opened, sendable)
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ), locked AS (
      SELECT c.project_id FROM project_counters c JOIN changed USING (project_id) ORDER BY c.project_id FOR UPDATE OF c
    )
    UPDATE project_counters c SET
      recipients = c.recipients + d.recipients, draft = c.draft + d.draft, pending = c.pending + d.pending,
      sent = c.sent + d.sent, bounced = c.bounced + d.bounced, failed = c.failed + d.failed,
      suppressed = c.suppressed + d.suppressed, unvisited = c.unvisited + d.unvisited, opened = c.opened + d.opened,
      sendable = c.sendable + d.sendable
    FROM changed d
    WHERE c.project_id = d.project_id AND c.project_id IN (SELECT project_id FROM locked)
  $query$, rows_changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Raising or lowering a project's limit changes which of its failed recipients are sendable: count them again.
CREATE FUNCTION laurel_recount_sendable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_counters SET sendable = (
    SELECT count(*)::int FROM recipients
    WHERE project_id = NEW.id AND (state = 'draft' OR (state = 'failed' AND resend_errored < NEW.resend_limit))
  ) WHERE project_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_recount_sendable AFTER UPDATE OF resend_limit ON projects FOR EACH ROW
  WHEN (OLD.resend_limit IS DISTINCT FROM NEW.resend_limit) EXECUTE FUNCTION laurel_recount_sendable();

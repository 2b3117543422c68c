CREATE TABLE "project_counters" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"draft" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"unvisited" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"sendable" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "pending_send" jsonb;--> statement-breakpoint
ALTER TABLE "project_counters" ADD CONSTRAINT "project_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_message_id_idx" ON "mail_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_account_kind_idx" ON "mail_messages" USING btree ("account_id","kind","created_at");--> statement-breakpoint
-- Every project has its counters row from the start; the recipients' triggers only ever update rows.
CREATE FUNCTION laurel_open_project_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_counters (project_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_open_counters AFTER INSERT ON projects FOR EACH ROW EXECUTE FUNCTION laurel_open_project_counters();
--> statement-breakpoint
-- Once per statement, whatever its size: the rows it inserted, changed or deleted are counted by project
-- (+1 for a row as it is now, -1 for a row as it was) and each project's counters move by the difference.
-- Rows are locked in project order, so two statements spanning the same projects never deadlock here.
CREATE FUNCTION laurel_count_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
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
      SELECT project_id,
        sum(sign)::int AS recipients,
        sum(sign * (state = 'draft')::int)::int AS draft,
        sum(sign * (state IN ('queued', 'sending'))::int)::int AS pending,
        sum(sign * (state = 'sent')::int)::int AS sent,
        sum(sign * (state = 'bounced')::int)::int AS bounced,
        sum(sign * (state = 'failed')::int)::int AS failed,
        sum(sign * (state = 'suppressed')::int)::int AS suppressed,
        sum(sign * (state = 'sent' AND accessed_at IS NULL)::int)::int AS unvisited,
        sum(sign * (accessed_at IS NOT NULL)::int)::int AS opened,
        sum(sign * (state = 'draft' OR (state = 'failed' AND resend_errored < 5))::int)::int AS sendable
      FROM (%s) AS changed_rows
      GROUP BY project_id
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
CREATE TRIGGER recipients_counted_on_insert AFTER INSERT ON recipients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipients();
--> statement-breakpoint
CREATE TRIGGER recipients_counted_on_update AFTER UPDATE ON recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipients();
--> statement-breakpoint
CREATE TRIGGER recipients_counted_on_delete AFTER DELETE ON recipients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipients();
--> statement-breakpoint
INSERT INTO project_counters (project_id, recipients, draft, pending, sent, bounced, failed, suppressed, unvisited, opened, sendable)
SELECT p.id,
  count(r.id)::int,
  count(*) FILTER (WHERE r.state = 'draft')::int,
  count(*) FILTER (WHERE r.state IN ('queued', 'sending'))::int,
  count(*) FILTER (WHERE r.state = 'sent')::int,
  count(*) FILTER (WHERE r.state = 'bounced')::int,
  count(*) FILTER (WHERE r.state = 'failed')::int,
  count(*) FILTER (WHERE r.state = 'suppressed')::int,
  count(*) FILTER (WHERE r.state = 'sent' AND r.accessed_at IS NULL)::int,
  count(*) FILTER (WHERE r.accessed_at IS NOT NULL)::int,
  count(*) FILTER (WHERE r.state = 'draft' OR (r.state = 'failed' AND r.resend_errored < 5))::int
FROM projects p LEFT JOIN recipients r ON r.project_id = p.id
GROUP BY p.id;

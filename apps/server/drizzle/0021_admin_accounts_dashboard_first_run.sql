CREATE TABLE "project_daily_stats" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"downloaded" integer DEFAULT 0 NOT NULL,
	"linkedin" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_daily_stats_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_days" integer[] DEFAULT '{7,10,13,80,87,89}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "downloaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "linkedin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_tasks" boolean;--> statement-breakpoint
ALTER TABLE "project_daily_stats" ADD CONSTRAINT "project_daily_stats_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recipients_account_sent_idx" ON "recipients" USING btree ("account_id","sent_at","email") WHERE "recipients"."sent_at" is not null;--> statement-breakpoint
-- The dashboard's daily figures, kept like project_counters (0013): once per statement, each changed row
-- counts +1 as it is now and -1 as it was, per metric on the UTC day of that metric's time, and each
-- (project, day) moves by the difference. A deleted project's rows go with it (its recipients' delete
-- finds no project left to count for), and rows are written in (project, day) order so that two
-- statements over the same projects never deadlock.
CREATE FUNCTION laurel_count_recipient_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT project_id, state, sent_at, accessed_at, downloaded_at, linkedin_at, updated_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT project_id, state, sent_at, accessed_at, downloaded_at, linkedin_at, updated_at, -1 AS sign FROM old_rows'
    ELSE 'SELECT project_id, state, sent_at, accessed_at, downloaded_at, linkedin_at, updated_at, 1 AS sign FROM new_rows
          UNION ALL SELECT project_id, state, sent_at, accessed_at, downloaded_at, linkedin_at, updated_at, -1 AS sign FROM old_rows'
  END;
BEGIN
  EXECUTE format($query$
    WITH changed_rows AS (%s), events AS (
      SELECT project_id, (sent_at AT TIME ZONE 'UTC')::date AS day, sign AS sent, 0 AS opened, 0 AS downloaded, 0 AS linkedin, 0 AS bounced
        FROM changed_rows WHERE sent_at IS NOT NULL
      UNION ALL SELECT project_id, (accessed_at AT TIME ZONE 'UTC')::date, 0, sign, 0, 0, 0 FROM changed_rows WHERE accessed_at IS NOT NULL
      UNION ALL SELECT project_id, (downloaded_at AT TIME ZONE 'UTC')::date, 0, 0, sign, 0, 0 FROM changed_rows WHERE downloaded_at IS NOT NULL
      UNION ALL SELECT project_id, (linkedin_at AT TIME ZONE 'UTC')::date, 0, 0, 0, sign, 0 FROM changed_rows WHERE linkedin_at IS NOT NULL
      UNION ALL SELECT project_id, (updated_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, sign FROM changed_rows WHERE state = 'bounced'
    ), delta AS (
      SELECT project_id, day, sum(sent)::int AS sent, sum(opened)::int AS opened, sum(downloaded)::int AS downloaded,
        sum(linkedin)::int AS linkedin, sum(bounced)::int AS bounced
      FROM events GROUP BY project_id, day
    )
    INSERT INTO project_daily_stats AS s (project_id, day, sent, opened, downloaded, linkedin, bounced)
    SELECT project_id, day, sent, opened, downloaded, linkedin, bounced FROM delta
    WHERE (sent, opened, downloaded, linkedin, bounced) IS DISTINCT FROM (0, 0, 0, 0, 0)
      AND project_id IN (SELECT id FROM projects)
    ORDER BY project_id, day
    ON CONFLICT (project_id, day) DO UPDATE SET
      sent = s.sent + excluded.sent, opened = s.opened + excluded.opened, downloaded = s.downloaded + excluded.downloaded,
      linkedin = s.linkedin + excluded.linkedin, bounced = s.bounced + excluded.bounced
  $query$, rows_changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recipients_days_on_insert AFTER INSERT ON recipients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipient_days();
--> statement-breakpoint
CREATE TRIGGER recipients_days_on_update AFTER UPDATE ON recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipient_days();
--> statement-breakpoint
CREATE TRIGGER recipients_days_on_delete AFTER DELETE ON recipients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION laurel_count_recipient_days();
--> statement-breakpoint
INSERT INTO project_daily_stats (project_id, day, sent, opened, downloaded, linkedin, bounced)
SELECT project_id, day, sum(sent)::int, sum(opened)::int, 0, 0, sum(bounced)::int FROM (
  SELECT project_id, (sent_at AT TIME ZONE 'UTC')::date AS day, 1 AS sent, 0 AS opened, 0 AS bounced FROM recipients WHERE sent_at IS NOT NULL
  UNION ALL SELECT project_id, (accessed_at AT TIME ZONE 'UTC')::date, 0, 1, 0 FROM recipients WHERE accessed_at IS NOT NULL
  UNION ALL SELECT project_id, (updated_at AT TIME ZONE 'UTC')::date, 0, 0, 1 FROM recipients WHERE state = 'bounced'
) AS events
GROUP BY project_id, day;

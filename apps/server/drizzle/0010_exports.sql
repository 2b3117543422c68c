CREATE TABLE "exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"export_type" text NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_key" text NOT NULL,
	"row_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "exports_kind" CHECK ("exports"."kind" in ('projects', 'search')),
	CONSTRAINT "exports_type" CHECK ("exports"."export_type" in ('csv', 'xlsx')),
	CONSTRAINT "exports_status" CHECK ("exports"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exports_key_unique" ON "exports" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "exports_file_key_unique" ON "exports" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "exports_account_idx" ON "exports" USING btree ("account_id","id");
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"certificate_id" integer,
	"title" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filename" text,
	"sender_name" text,
	"resend_attempts" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token" text NOT NULL,
	"certificate_number" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"accessed_at" timestamp with time zone,
	"sent_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resend_errored" integer DEFAULT 0 NOT NULL,
	"resend_individual" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_state" CHECK ("recipients"."state" in ('draft', 'queued', 'sending', 'sent', 'bounced', 'failed', 'suppressed'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_account_idx" ON "projects" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_title_unique" ON "projects" USING btree ("account_id",lower("title")) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_token_unique" ON "recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "recipients_project_idx" ON "recipients" USING btree ("project_id","last_name");--> statement-breakpoint
CREATE INDEX "recipients_account_email_idx" ON "recipients" USING btree ("account_id","email");
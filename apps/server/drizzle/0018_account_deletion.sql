CREATE TABLE "account_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_url" text NOT NULL,
	"requested_by_user_id" integer,
	"requested_by_email" text,
	"ip" text,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ledger" jsonb
);
--> statement-breakpoint
CREATE TABLE "withdrawn_certificates" (
	"token" text PRIMARY KEY NOT NULL,
	"deletion_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawn_certificates" ADD CONSTRAINT "withdrawn_certificates_deletion_id_account_deletions_id_fk" FOREIGN KEY ("deletion_id") REFERENCES "public"."account_deletions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_account_unique" ON "account_deletions" USING btree ("account_id");
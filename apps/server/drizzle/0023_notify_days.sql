CREATE TABLE "account_notifications" (
	"account_id" integer NOT NULL,
	"day" integer NOT NULL,
	"trial_started_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_notifications_account_id_day_trial_started_at_pk" PRIMARY KEY("account_id","day","trial_started_at")
);
--> statement-breakpoint
ALTER TABLE "account_notifications" ADD CONSTRAINT "account_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_trial_started_idx" ON "accounts" USING btree ("trial_started_at");
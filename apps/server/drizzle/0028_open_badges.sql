CREATE TABLE "open_badge_credentials" (
	"recipient_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"credential" json NOT NULL,
	"key_id" text NOT NULL,
	"status_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_badge_issuers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"next_status_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_badge_issuers_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "open_badge_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"public_key_multibase" text NOT NULL,
	"secret_key_encrypted" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD CONSTRAINT "open_badge_credentials_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_badge_issuers" ADD CONSTRAINT "open_badge_issuers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_badge_keys" ADD CONSTRAINT "open_badge_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_badge_credentials_status_unique" ON "open_badge_credentials" USING btree ("account_id","status_index");--> statement-breakpoint
CREATE UNIQUE INDEX "open_badge_keys_current_unique" ON "open_badge_keys" USING btree ("account_id") WHERE "open_badge_keys"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "open_badge_keys_public_unique" ON "open_badge_keys" USING btree ("public_key_multibase");--> statement-breakpoint
CREATE INDEX "recipients_account_revoked_idx" ON "recipients" USING btree ("account_id") WHERE "recipients"."revoked_at" is not null;
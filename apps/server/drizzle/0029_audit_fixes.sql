CREATE TABLE "billing_reversals" (
	"reference" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"charge_id" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"credits_taken" integer NOT NULL,
	"credits_owed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_versions" (
	"recipient_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"version" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"meta" jsonb NOT NULL,
	"credential" json,
	"key_id" text,
	"status_index" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone NOT NULL,
	"superseded_by" text NOT NULL,
	"changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_by" integer,
	CONSTRAINT "certificate_versions_recipient_id_version_pk" PRIMARY KEY("recipient_id","version")
);
--> statement-breakpoint
CREATE TABLE "issued_certificate_files" (
	"sha256" text NOT NULL,
	"recipient_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_certificate_files_sha256_recipient_id_version_kind_pk" PRIMARY KEY("sha256","recipient_id","version","kind")
);
--> statement-breakpoint
CREATE TABLE "promo_code_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"session_id" text,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_holds_status" CHECK ("promo_code_holds"."status" in ('held', 'used', 'released'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "credits_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_sets" ADD COLUMN "achievement_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_sets" ADD COLUMN "achievement_criteria" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_sets" ADD COLUMN "public_id" text;--> statement-breakpoint
ALTER TABLE "open_badge_credentials" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "certificate_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_reversals" ADD CONSTRAINT "billing_reversals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_versions" ADD CONSTRAINT "certificate_versions_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificate_files" ADD CONSTRAINT "issued_certificate_files_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_holds" ADD CONSTRAINT "promo_code_holds_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_holds" ADD CONSTRAINT "promo_code_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_reversals_charge_idx" ON "billing_reversals" USING btree ("account_id","charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_versions_status_unique" ON "certificate_versions" USING btree ("account_id","status_index") WHERE "certificate_versions"."status_index" is not null;--> statement-breakpoint
CREATE INDEX "issued_certificate_files_recipient_idx" ON "issued_certificate_files" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "promo_code_holds_code_idx" ON "promo_code_holds" USING btree ("promo_code_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_sets_public_id_unique" ON "certificate_sets" USING btree ("public_id");
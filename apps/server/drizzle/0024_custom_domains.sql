CREATE TABLE "custom_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"host" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_ssl" boolean DEFAULT false NOT NULL,
	"certificate" text,
	"certificate_key" text,
	"not_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_host_lower" CHECK ("custom_domains"."host" = lower("custom_domains"."host"))
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_account_idx" ON "custom_domains" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_host_idx" ON "custom_domains" USING btree ("host");
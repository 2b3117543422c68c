CREATE TABLE "mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mappings_account_idx" ON "mappings" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mappings_name_unique" ON "mappings" USING btree (coalesce("account_id", 0),lower("name"));
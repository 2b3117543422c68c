CREATE TABLE "certificate_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"style_id" integer,
	"design" jsonb NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL,
	"design" jsonb NOT NULL,
	"email" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url_requirements" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_sets" ADD CONSTRAINT "certificate_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_sets_account_idx" ON "certificate_sets" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_sets_name_unique" ON "certificate_sets" USING btree ("account_id",lower("name")) WHERE "certificate_sets"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "styles_name_unique" ON "styles" USING btree (lower("name"));
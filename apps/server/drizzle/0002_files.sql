CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_unique" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_account_idx" ON "files" USING btree ("account_id","kind");
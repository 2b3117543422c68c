CREATE TABLE "account_fonts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"imagepath" text NOT NULL,
	"name" text,
	"sorting" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_images_kind" CHECK ("library_images"."kind" in ('background', 'signature'))
);
--> statement-breakpoint
ALTER TABLE "account_fonts" ADD CONSTRAINT "account_fonts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_fonts_name_unique" ON "account_fonts" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "library_images_kind_idx" ON "library_images" USING btree ("kind","sorting");
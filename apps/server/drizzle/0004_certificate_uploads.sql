CREATE TABLE "certificate_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_uploads" ADD CONSTRAINT "certificate_uploads_certificate_id_certificate_sets_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_uploads_certificate_idx" ON "certificate_uploads" USING btree ("certificate_id");
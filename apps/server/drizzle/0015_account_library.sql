ALTER TABLE "library_images" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "library_images" ADD CONSTRAINT "library_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_images_account_idx" ON "library_images" USING btree ("account_id","kind");
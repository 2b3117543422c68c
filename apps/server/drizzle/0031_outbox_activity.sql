ALTER TABLE "mail_messages" ADD COLUMN "project_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_messages_certificate_idx" ON "mail_messages" USING btree ("id") WHERE "mail_messages"."kind" = 'certificate';--> statement-breakpoint
CREATE INDEX "mail_messages_account_mail_idx" ON "mail_messages" USING btree ("id") WHERE "mail_messages"."kind" <> 'certificate';
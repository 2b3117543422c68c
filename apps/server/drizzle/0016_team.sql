ALTER TABLE "users" ADD COLUMN "allowed_users" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "original_allocated_credits" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_refill_credits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refill_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" integer;--> statement-breakpoint
-- Existing users keep their allocation as the one they were first given.
UPDATE "users" SET "original_allocated_credits" = "allocated_credits";

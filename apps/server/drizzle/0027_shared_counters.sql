CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"window_ms" integer NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
-- Counters only: no WAL for them, and a crash may forget them.
ALTER TABLE "rate_counters" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "send_rate_buckets" SET UNLOGGED;

CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_bucket" CHECK ("credit_ledger"."bucket" in ('payg', 'subscription')),
	CONSTRAINT "credit_ledger_delta" CHECK ("credit_ledger"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_unique" ON "credit_ledger" USING btree ("reference");
-- Registration granted the free plan's first month under `free:{account}:{YYYY-MM}`; the monthly refill
-- names that grant `refill:{account}:0`. Renamed, so the refill does not grant those first months again.
--> statement-breakpoint
UPDATE "credit_ledger" SET "reference" = 'refill:' || "account_id" || ':0'
WHERE "reference" LIKE 'free:%' AND "kind" = 'free_monthly'
  AND NOT EXISTS (SELECT 1 FROM "credit_ledger" AS "l" WHERE "l"."reference" = 'refill:' || "credit_ledger"."account_id" || ':0');

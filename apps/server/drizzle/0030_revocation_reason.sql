ALTER TABLE "recipients" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
-- A reason given before it had a column of its own was kept only in the history: the latest revocation's detail.
UPDATE "recipients" SET "revocation_reason" = (
  SELECT NULLIF(btrim(h.entry->>'detail'), '')
  FROM jsonb_array_elements("sent_details") WITH ORDINALITY AS h(entry, n)
  WHERE h.entry->>'event' = 'revoked'
  ORDER BY h.n DESC
  LIMIT 1
) WHERE "revoked_at" IS NOT NULL;

-- Creations without an outcome ("creating" or "outcome_unknown"), in list order (issue #52, stop 58;
-- docs/decisions/performance.md). The Reconciliation page's unsettled rows and its two counts took
-- those rows with a sequential scan of the whole ledger (three scans per page view: ~10 ms at 12,000
-- rows on PGlite, growing with the ledger); the old index held only "outcome_unknown". The new one
-- serves both, and the ledger's "outcome unknown" filter as the old one did. Created before the old
-- one is dropped.
CREATE INDEX "transactions_unsettled_created_at_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."creation_state" in ('creating', 'outcome_unknown');--> statement-breakpoint
DROP INDEX "transactions_outcome_unknown_created_at_idx";

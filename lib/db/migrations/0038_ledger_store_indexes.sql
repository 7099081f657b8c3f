-- A store's ledger (issue #49, docs/decisions/stores.md), measured with `npm run bench -- --only stores`
-- at 1M rows over 20 stores: one store under a status filter, read and counted from the index alone.
CREATE INDEX "transactions_ledger_store_status_idx" ON "transactions" USING btree ("store_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
-- Hand-written below (Drizzle's schema cannot say INCLUDE): 0017's search indexes again with the
-- store among what they carry, so a store's search filters its matches in the index instead of
-- reading a table row per match of every store.
DROP INDEX "transactions_ledger_payer_email_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_payer_name_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_external_reference_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_pix_key_idx";--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_email_idx" ON "transactions" USING btree ("kind",lower("payer_email") text_pattern_ops) INCLUDE ("payer_email","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_name_idx" ON "transactions" USING btree ("kind",lower("payer_name") text_pattern_ops) INCLUDE ("payer_name","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_external_reference_idx" ON "transactions" USING btree ("kind",lower("external_reference") text_pattern_ops) INCLUDE ("external_reference","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_pix_key_idx" ON "transactions" USING btree ("kind",lower("pix_key") text_pattern_ops) INCLUDE ("pix_key","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');

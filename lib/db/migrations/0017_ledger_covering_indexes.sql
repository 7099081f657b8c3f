-- The ledger's filters and searches read covering, partial indexes (lib/db/schema/transactions.ts):
-- the rows the list shows only, with what its conditions and order need, so a broad search's
-- matches and the capped count come from the index alone. Drizzle's schema cannot say INCLUDE;
-- these statements are hand-written (and the snapshot repaired: 0013–0016 had forked from 0011).
DROP INDEX "transactions_payer_email_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_payer_name_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_external_reference_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_pix_key_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_kind_payer_email_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_kind_payer_name_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_kind_external_reference_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_kind_pix_key_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_amount_cents_idx";--> statement-breakpoint
CREATE INDEX "transactions_ledger_kind_status_idx" ON "transactions" USING btree ("kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_amount_idx" ON "transactions" USING btree ("amount_cents") INCLUDE ("kind","status","created_at","id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_email_idx" ON "transactions" USING btree ("kind",lower("payer_email") text_pattern_ops) INCLUDE ("payer_email","status","created_at","id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_name_idx" ON "transactions" USING btree ("kind",lower("payer_name") text_pattern_ops) INCLUDE ("payer_name","status","created_at","id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_external_reference_idx" ON "transactions" USING btree ("kind",lower("external_reference") text_pattern_ops) INCLUDE ("external_reference","status","created_at","id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_pix_key_idx" ON "transactions" USING btree ("kind",lower("pix_key") text_pattern_ops) INCLUDE ("pix_key","status","created_at","id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');

DROP INDEX "transactions_external_reference_idx";--> statement-breakpoint
DROP INDEX "transactions_payer_email_idx";--> statement-breakpoint
DROP INDEX "transactions_pix_key_idx";--> statement-breakpoint
CREATE INDEX "transactions_payer_email_prefix_idx" ON "transactions" USING btree (lower("payer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_payer_name_prefix_idx" ON "transactions" USING btree (lower("payer_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_external_reference_prefix_idx" ON "transactions" USING btree (lower("external_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_pix_key_prefix_idx" ON "transactions" USING btree (lower("pix_key") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_amount_cents_idx" ON "transactions" USING btree ("amount_cents");
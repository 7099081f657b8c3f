CREATE INDEX "payment_links_name_id_idx" ON "payment_links" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "payment_links_amount_id_idx" ON "payment_links" USING btree (coalesce("amount_cents", "min_amount_cents"),"id");--> statement-breakpoint
CREATE INDEX "customers_paid_amount_id_idx" ON "customers" USING btree ("paid_amount_cents","id");--> statement-breakpoint
CREATE INDEX "customers_charges_count_id_idx" ON "customers" USING btree ("charges_count","id");
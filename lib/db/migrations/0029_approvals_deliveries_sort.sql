DROP INDEX "cash_out_requests_state_created_at_idx";--> statement-breakpoint
DROP INDEX "event_deliveries_endpoint_created_idx";--> statement-breakpoint
CREATE INDEX "cash_out_requests_state_created_at_id_idx" ON "cash_out_requests" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "cash_out_requests_state_total_cents_id_idx" ON "cash_out_requests" USING btree ("state","total_cents","id");--> statement-breakpoint
CREATE INDEX "event_deliveries_endpoint_created_at_id_idx" ON "event_deliveries" USING btree ("endpoint_id","created_at","id");
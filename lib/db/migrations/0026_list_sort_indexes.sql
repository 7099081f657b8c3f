DROP INDEX "callback_deliveries_received_at_idx";--> statement-breakpoint
CREATE INDEX "callback_deliveries_received_at_id_idx" ON "callback_deliveries" USING btree ("received_at","id");
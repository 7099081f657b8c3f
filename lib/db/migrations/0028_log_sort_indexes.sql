DROP INDEX "audit_events_occurred_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_action_idx";--> statement-breakpoint
DROP INDEX "callback_deliveries_received_at_idx";--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_id_idx" ON "audit_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_occurred_at_id_idx" ON "audit_events" USING btree ("action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_received_at_id_idx" ON "callback_deliveries" USING btree ("received_at","id");
-- The problem deliveries in their lists' order (issue #52, stop 60; docs/decisions/performance.md): a
-- list of one outcome (the Reconciliation page's unmatched and rejected) ordered by (received_at, id)
-- could not be read in order from (outcome, received_at), so the planner walked the received_at
-- index through a busy hour of applied deliveries (3,984 rows for 5) to find them.
DROP INDEX "callback_deliveries_problem_received_at_idx";--> statement-breakpoint
CREATE INDEX "callback_deliveries_problem_received_at_id_idx" ON "callback_deliveries" USING btree ("received_at","id") WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected');
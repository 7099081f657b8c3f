-- The problem deliveries in their lists' order (issue #52, stop 60; docs/decisions/performance.md). A
-- list of one outcome (the Reconciliation page's unmatched and rejected) ordered by (received_at, id)
-- could not be read in that order from (outcome, received_at), and the inbox's "problems" (both
-- outcomes) from no index, so the planner walked the received_at index through a busy hour of
-- applied deliveries to find them (3,984 rows for 5; 5,608 for a page of problems). Each list now
-- has an index in its order, written only for problem rows.
DROP INDEX "callback_deliveries_problem_received_at_idx";--> statement-breakpoint
CREATE INDEX "callback_deliveries_problem_outcome_idx" ON "callback_deliveries" USING btree ("outcome","received_at","id") WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected');--> statement-breakpoint
CREATE INDEX "callback_deliveries_problem_received_at_id_idx" ON "callback_deliveries" USING btree ("received_at","id") WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected');--> statement-breakpoint
CREATE INDEX "callback_deliveries_store_problems_idx" ON "callback_deliveries" USING btree ("store_id","received_at","id") WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected') and "callback_deliveries"."store_id" is not null;
-- One store's problem deliveries, newest first (issue #52, stop 58; docs/decisions/performance.md): the
-- Reconciliation page's and the callback log's unmatched and rejected deliveries for an operator of
-- some stores read every delivery of the store on its store index to find its few problems.
CREATE INDEX "callback_deliveries_store_problem_idx" ON "callback_deliveries" USING btree ("store_id","outcome","received_at","id") WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected') and "callback_deliveries"."store_id" is not null;

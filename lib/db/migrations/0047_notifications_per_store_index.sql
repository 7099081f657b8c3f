-- A store's newest notifications (issue #52, stop 58; docs/decisions/performance.md): the header's unread
-- count and the notification centre read an operator of some stores' notifications store by store
-- on this index (lib/db/queries/notifications.ts, newestVisible) instead of walking every notification
-- to find theirs, on every page and every poll of the badge.
CREATE INDEX "notifications_store_created_at_idx" ON "notifications" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."store_id" is not null;

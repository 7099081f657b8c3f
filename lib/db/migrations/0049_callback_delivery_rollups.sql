CREATE TABLE "callback_delivery_rollups" (
	"grain" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"store_id" uuid,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "callback_delivery_rollups_key" UNIQUE NULLS NOT DISTINCT("grain","bucket_start","store_id","slot")
);
--> statement-breakpoint
CREATE INDEX "callback_delivery_rollups_store_idx" ON "callback_delivery_rollups" USING btree ("store_id","grain","bucket_start");--> statement-breakpoint
-- Hand-written below (issue #52, stop 60; docs/decisions/performance.md): the Overview's delivery
-- health counted the deliveries of the last hour and of the last 24 hours on every view and every
-- poll, reading as many index entries as a busy day had callbacks. These triggers keep the counts
-- per minute and per hour, in the transaction of each insert (the receiver's batches, the sandbox's
-- queue) and of each change of a delivery's store.
-- Adds signed deliveries (received_at, store_id) to both grains with increments (INSERT … ON
-- CONFLICT DO UPDATE), rows in key order, the writer's slot spreading concurrent receivers, as
-- overview_rollups_add does; then deletes minutes older than two days that no other writer holds
-- (SKIP LOCKED: a writer never waits on another's pruning), at most a hundred at a time.
CREATE FUNCTION callback_delivery_rollups_add(received timestamp with time zone[], stores uuid[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	writer_slot smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
	IF coalesce(cardinality(received), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO callback_delivery_rollups AS r (grain, bucket_start, store_id, slot, count)
	SELECT g.grain, date_trunc(g.grain, d.received_at, 'UTC'), d.store_id, writer_slot, sum(d.sign)
	FROM unnest(received, stores, signs) AS d(received_at, store_id, sign) CROSS JOIN (VALUES ('minute'), ('hour')) AS g(grain)
	GROUP BY 1, 2, 3
	HAVING sum(d.sign) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT ON CONSTRAINT callback_delivery_rollups_key DO UPDATE SET count = r.count + excluded.count;
	DELETE FROM callback_delivery_rollups WHERE ctid IN (
		SELECT ctid FROM callback_delivery_rollups
		WHERE grain = 'minute' AND bucket_start < now() - interval '2 days'
		LIMIT 100 FOR UPDATE SKIP LOCKED);
END
$$;
--> statement-breakpoint
CREATE FUNCTION callback_delivery_rollups_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM callback_delivery_rollups_add(array_agg(n.received_at), array_agg(n.store_id), array_agg(1)) FROM new_rows AS n;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM callback_delivery_rollups_add(array_agg(o.received_at), array_agg(o.store_id), array_agg(-1)) FROM old_rows AS o;
	ELSE
		-- Only the rows whose counted columns moved (a delivery matched later, a transaction's store
		-- changed): the old contribution taken away, the new one added.
		PERFORM callback_delivery_rollups_add(array_agg(v.received_at), array_agg(v.store_id), array_agg(v.sign))
		FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
			LATERAL (VALUES (o.received_at, o.store_id, -1), (n.received_at, n.store_id, 1)) AS v(received_at, store_id, sign)
		WHERE (o.received_at, o.store_id) IS DISTINCT FROM (n.received_at, n.store_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER callback_delivery_rollups_insert AFTER INSERT ON callback_deliveries
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION callback_delivery_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER callback_delivery_rollups_update AFTER UPDATE ON callback_deliveries
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION callback_delivery_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER callback_delivery_rollups_delete AFTER DELETE ON callback_deliveries
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION callback_delivery_rollups_on_change();
--> statement-breakpoint
-- Backfill: the deliveries of the last 25 hours, all the health panel reads (hours before them are
-- not counted: docs/decisions/performance.md).
SELECT callback_delivery_rollups_add(array_agg(received_at), array_agg(store_id), array_agg(1))
FROM callback_deliveries WHERE received_at >= now() - interval '25 hours';

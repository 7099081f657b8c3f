-- The Overview's rollups keyed by store (issue #49; docs/decisions/stores.md): the rows are rebuilt
-- from the ledger below, so they are emptied first and the new key column needs no default.
TRUNCATE "overview_rollups", "overview_pay_time_rollups";--> statement-breakpoint
ALTER TABLE "overview_pay_time_rollups" DROP CONSTRAINT "overview_pay_time_rollups_grain_bucket_start_pace_bucket_slot_pk";--> statement-breakpoint
ALTER TABLE "overview_rollups" DROP CONSTRAINT "overview_rollups_grain_bucket_start_kind_outcome_slot_pk";--> statement-breakpoint
ALTER TABLE "overview_pay_time_rollups" ADD COLUMN "store_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_rollups" ADD COLUMN "store_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "overview_pay_time_rollups" ADD CONSTRAINT "overview_pay_time_rollups_grain_bucket_start_store_id_pace_bucket_slot_pk" PRIMARY KEY("grain","bucket_start","store_id","pace_bucket","slot");--> statement-breakpoint
ALTER TABLE "overview_rollups" ADD CONSTRAINT "overview_rollups_grain_bucket_start_store_id_kind_outcome_slot_pk" PRIMARY KEY("grain","bucket_start","store_id","kind","outcome","slot");--> statement-breakpoint
CREATE INDEX "overview_pay_time_rollups_store_idx" ON "overview_pay_time_rollups" USING btree ("store_id","grain","bucket_start");--> statement-breakpoint
CREATE INDEX "overview_rollups_store_idx" ON "overview_rollups" USING btree ("store_id","grain","bucket_start");--> statement-breakpoint
-- Hand-written below: migration 0012's functions with the row's store added to each change and to
-- each rollup key. The triggers call the functions by name and stay as they are.
DROP FUNCTION overview_rollups_add(overview_rollup_change[]);--> statement-breakpoint
DROP FUNCTION overview_rollup_change_of(integer, transactions);--> statement-breakpoint
DROP TYPE overview_rollup_change;--> statement-breakpoint
CREATE TYPE overview_rollup_change AS (
	sign integer,
	store_id uuid,
	kind text,
	outcome text,
	created_at timestamp with time zone,
	amount_cents bigint,
	tax numeric,
	seconds_to_pay double precision
);
--> statement-breakpoint
-- Adds the changes to both grains with increments (INSERT … ON CONFLICT DO UPDATE), so concurrent
-- writers never lose one another's counts. Rows are upserted in key order: two statements never
-- lock the same rollup rows in opposite orders. The slot spreads sessions over four rows per key.
CREATE FUNCTION overview_rollups_add(changes overview_rollup_change[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	writer_slot smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO overview_rollups AS r (grain, bucket_start, store_id, kind, outcome, slot, count, amount_cents, taxed_count, taxed_amount_cents, tax)
	SELECT g.grain,
		CASE g.grain WHEN 'day' THEN date_trunc('day', c.created_at, 'America/Sao_Paulo') ELSE date_trunc('hour', c.created_at, 'UTC') END AS bucket_start,
		c.store_id, c.kind, c.outcome, writer_slot,
		sum(c.sign), sum(c.sign * c.amount_cents),
		coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0),
		coalesce(sum(c.sign * c.amount_cents) FILTER (WHERE c.tax IS NOT NULL), 0),
		coalesce(sum(c.sign * c.tax), 0)
	FROM unnest(changes) AS c CROSS JOIN (VALUES ('day'), ('hour')) AS g(grain)
	GROUP BY 1, 2, 3, 4, 5
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount_cents) <> 0 OR coalesce(sum(c.sign * c.tax), 0) <> 0
		OR coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0) <> 0
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT (grain, bucket_start, store_id, kind, outcome, slot) DO UPDATE SET
		count = r.count + excluded.count,
		amount_cents = r.amount_cents + excluded.amount_cents,
		taxed_count = r.taxed_count + excluded.taxed_count,
		taxed_amount_cents = r.taxed_amount_cents + excluded.taxed_amount_cents,
		tax = r.tax + excluded.tax;
	INSERT INTO overview_pay_time_rollups AS r (grain, bucket_start, store_id, pace_bucket, slot, count)
	SELECT g.grain,
		CASE g.grain WHEN 'day' THEN date_trunc('day', c.created_at, 'America/Sao_Paulo') ELSE date_trunc('hour', c.created_at, 'UTC') END AS bucket_start,
		c.store_id, overview_pace_bucket(c.seconds_to_pay), writer_slot, sum(c.sign)
	FROM unnest(changes) AS c CROSS JOIN (VALUES ('day'), ('hour')) AS g(grain)
	WHERE c.kind = 'CASH_IN' AND c.outcome = 'SUCCEED' AND c.seconds_to_pay IS NOT NULL
	GROUP BY 1, 2, 3, 4
	HAVING sum(c.sign) <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT (grain, bucket_start, store_id, pace_bucket, slot) DO UPDATE SET count = r.count + excluded.count;
END
$$;
--> statement-breakpoint
-- A ledger row as the Overview counts it: only rows the wallet created (or may have), with UNKNOWN
-- for an unknown outcome or a status not yet known (lib/db/queries/overview.ts), in its store.
CREATE FUNCTION overview_rollup_change_of(sign integer, t transactions) RETURNS overview_rollup_change
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(sign, t.store_id, t.kind,
    CASE WHEN t.creation_state = 'outcome_unknown' OR t.status IS NULL THEN 'UNKNOWN' ELSE t.status END,
    t.created_at, t.amount_cents, t.tax,
    extract(epoch FROM (t.status_changed_at - t.created_at))::double precision)::overview_rollup_change
$$;
--> statement-breakpoint
-- As 0012's, with the store among the counted columns: a row moved to another store moves its counts.
CREATE OR REPLACE FUNCTION overview_rollups_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM overview_rollups_add(ARRAY(
			SELECT overview_rollup_change_of(1, n) FROM new_rows AS n WHERE n.creation_state IN ('created', 'outcome_unknown')));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM overview_rollups_add(ARRAY(
			SELECT overview_rollup_change_of(-1, o) FROM old_rows AS o WHERE o.creation_state IN ('created', 'outcome_unknown')));
	ELSE
		-- Only the rows whose counted columns moved: take the old contribution away, add the new one.
		PERFORM overview_rollups_add(ARRAY(
			SELECT change FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
				LATERAL (VALUES (overview_rollup_change_of(-1, o)), (overview_rollup_change_of(1, n))) AS v(change)
			WHERE (o.store_id, o.kind, o.creation_state, o.status, o.amount_cents, o.tax, o.created_at, o.status_changed_at)
				IS DISTINCT FROM (n.store_id, n.kind, n.creation_state, n.status, n.amount_cents, n.tax, n.created_at, n.status_changed_at)
				AND ((change).sign = -1 AND o.creation_state IN ('created', 'outcome_unknown')
					OR (change).sign = 1 AND n.creation_state IN ('created', 'outcome_unknown'))));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: the rows already in the ledger, a month at a time (the changes go through one array).
DO $$
DECLARE
	month_start timestamp with time zone;
BEGIN
	FOR month_start IN SELECT DISTINCT date_trunc('month', created_at, 'UTC') FROM transactions ORDER BY 1 LOOP
		PERFORM overview_rollups_add(ARRAY(
			SELECT overview_rollup_change_of(1, t) FROM transactions AS t
			WHERE t.creation_state IN ('created', 'outcome_unknown')
				AND t.created_at >= month_start
				AND t.created_at < (month_start AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC'));
	END LOOP;
END
$$;
--> statement-breakpoint
-- A store's ledger (issue #49, docs/decisions/stores.md), measured with `npm run bench -- --only stores`
-- at 1M rows over 20 stores: one store under a status filter, read and counted from the index alone.
CREATE INDEX "transactions_ledger_store_status_idx" ON "transactions" USING btree ("store_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
-- Hand-written below (Drizzle's schema cannot say INCLUDE): 0017's search indexes again with the
-- store among what they carry, so a store's search filters its matches in the index instead of
-- reading a table row per match of every store.
DROP INDEX "transactions_ledger_payer_email_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_payer_name_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_external_reference_idx";--> statement-breakpoint
DROP INDEX "transactions_ledger_pix_key_idx";--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_email_idx" ON "transactions" USING btree ("kind",lower("payer_email") text_pattern_ops) INCLUDE ("payer_email","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_payer_name_idx" ON "transactions" USING btree ("kind",lower("payer_name") text_pattern_ops) INCLUDE ("payer_name","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_external_reference_idx" ON "transactions" USING btree ("kind",lower("external_reference") text_pattern_ops) INCLUDE ("external_reference","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');--> statement-breakpoint
CREATE INDEX "transactions_ledger_pix_key_idx" ON "transactions" USING btree ("kind",lower("pix_key") text_pattern_ops) INCLUDE ("pix_key","status","created_at","id","store_id") WHERE "transactions"."creation_state" in ('created', 'outcome_unknown');

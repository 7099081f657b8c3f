-- The settlement rollups keyed by store (issue #52, stop 58; docs/decisions/performance.md): a store's
-- balance on its statement (an operator of some stores, or the store switcher) summed the store's
-- whole settled history from the ledger, twice a view (20,000 rows read at a 20,000-row ledger,
-- app/(dashboard)/pages-read-by-index.integration.test.ts); the merchant's balance already summed
-- days. As migration 0042 did for the Overview's rollups: the rows are rebuilt from the ledger below,
-- so they are emptied first and the new key column needs no default.
TRUNCATE "settlement_rollups";--> statement-breakpoint
ALTER TABLE "settlement_rollups" DROP CONSTRAINT "settlement_rollups_day_kind_slot_pk";--> statement-breakpoint
ALTER TABLE "settlement_rollups" ADD COLUMN "store_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_rollups" ADD CONSTRAINT "settlement_rollups_day_store_id_kind_slot_pk" PRIMARY KEY("day","store_id","kind","slot");--> statement-breakpoint
CREATE INDEX "settlement_rollups_store_idx" ON "settlement_rollups" USING btree ("store_id","day");--> statement-breakpoint
-- Hand-written below: migration 0023's functions with the row's store added to each change and to
-- the key; a transaction moved to another store takes its contribution with it.
ALTER TYPE settlement_rollup_change ADD ATTRIBUTE store_id uuid;--> statement-breakpoint
CREATE OR REPLACE FUNCTION settlement_rollups_add(changes settlement_rollup_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO settlement_rollups AS r (day, store_id, kind, slot, count, amount_cents, fee_cents_if_cents, fee_cents_if_reais, taxed_count)
	SELECT (c.booked_at AT TIME ZONE 'America/Sao_Paulo')::date, c.store_id, c.kind, (pg_backend_pid() % 4)::smallint,
		sum(c.sign), sum(c.sign * c.amount_cents),
		coalesce(sum(c.sign * round(c.tax)), 0), coalesce(sum(c.sign * round(c.tax * 100)), 0),
		coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0)
	FROM unnest(changes) AS c
	GROUP BY 1, 2, 3
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount_cents) <> 0 OR coalesce(sum(c.sign * round(c.tax * 100)), 0) <> 0
		OR coalesce(sum(c.sign * round(c.tax)), 0) <> 0 OR coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT (day, store_id, kind, slot) DO UPDATE SET
		count = r.count + excluded.count,
		amount_cents = r.amount_cents + excluded.amount_cents,
		fee_cents_if_cents = r.fee_cents_if_cents + excluded.fee_cents_if_cents,
		fee_cents_if_reais = r.fee_cents_if_reais + excluded.fee_cents_if_reais,
		taxed_count = r.taxed_count + excluded.taxed_count;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settlement_rollups_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM settlement_rollups_add(ARRAY(
			SELECT ROW(1, n.kind, n.booked_at, n.amount_cents, n.tax, n.store_id)::settlement_rollup_change FROM new_rows AS n
			WHERE n.creation_state = 'created' AND n.status = 'SUCCEED'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM settlement_rollups_add(ARRAY(
			SELECT ROW(-1, o.kind, o.booked_at, o.amount_cents, o.tax, o.store_id)::settlement_rollup_change FROM old_rows AS o
			WHERE o.creation_state = 'created' AND o.status = 'SUCCEED'));
	ELSE
		-- Only the rows whose counted columns moved: take the old contribution away, add the new one.
		PERFORM settlement_rollups_add(ARRAY(
			SELECT change FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
				LATERAL (VALUES (ROW(-1, o.kind, o.booked_at, o.amount_cents, o.tax, o.store_id)::settlement_rollup_change, o.creation_state = 'created' AND o.status = 'SUCCEED'),
					(ROW(1, n.kind, n.booked_at, n.amount_cents, n.tax, n.store_id)::settlement_rollup_change, n.creation_state = 'created' AND n.status = 'SUCCEED')) AS v(change, counted)
			WHERE v.counted IS TRUE
				AND (o.kind, o.creation_state, o.status, o.amount_cents, o.tax, o.booked_at, o.store_id)
					IS DISTINCT FROM (n.kind, n.creation_state, n.status, n.amount_cents, n.tax, n.booked_at, n.store_id)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: the settled rows already in the ledger, in one grouped insert (slot 0).
INSERT INTO settlement_rollups (day, store_id, kind, slot, count, amount_cents, fee_cents_if_cents, fee_cents_if_reais, taxed_count)
SELECT (booked_at AT TIME ZONE 'America/Sao_Paulo')::date, store_id, kind, 0, count(*), sum(amount_cents),
	coalesce(sum(round(tax)), 0), coalesce(sum(round(tax * 100)), 0), count(tax)
FROM transactions WHERE creation_state = 'created' AND status = 'SUCCEED'
GROUP BY 1, 2, 3;

CREATE TABLE "book_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"opening_balance_cents" bigint,
	"opening_balance_set_at" timestamp with time zone,
	"opening_balance_set_by_email" text
);
--> statement-breakpoint
CREATE TABLE "settlement_rollups" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents_if_cents" numeric(30, 0) NOT NULL,
	"fee_cents_if_reais" numeric(30, 0) NOT NULL,
	"taxed_count" bigint NOT NULL,
	CONSTRAINT "settlement_rollups_day_kind_slot_pk" PRIMARY KEY("day","kind","slot")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "booked_at" timestamp with time zone GENERATED ALWAYS AS (case when status = 'SUCCEED' and status_changed_at is not null then status_changed_at else created_at end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "net_before_cents" bigint;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "net_through_cents" bigint;--> statement-breakpoint
CREATE INDEX "transactions_booked_at_id_idx" ON "transactions" USING btree ("booked_at","id");--> statement-breakpoint
-- Hand-written below: the settlement rollups' triggers (lib/db/schema/books.ts, settlementRollups),
-- kept equal to the ledger in the same transaction as each insert, update or delete. A row counts
-- when it is settled money (created and SUCCEED, as the statements count it), on the São Paulo day
-- of its booking (booked_at: the settlement). Upserts in key order, increments only, a slot per
-- session (as the Overview's rollups, 0012), so concurrent callbacks neither lose nor queue.
CREATE TYPE settlement_rollup_change AS (sign integer, kind text, booked_at timestamp with time zone, amount_cents bigint, tax numeric);
--> statement-breakpoint
CREATE FUNCTION settlement_rollups_add(changes settlement_rollup_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(changes), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO settlement_rollups AS r (day, kind, slot, count, amount_cents, fee_cents_if_cents, fee_cents_if_reais, taxed_count)
	SELECT (c.booked_at AT TIME ZONE 'America/Sao_Paulo')::date, c.kind, (pg_backend_pid() % 4)::smallint,
		sum(c.sign), sum(c.sign * c.amount_cents),
		coalesce(sum(c.sign * round(c.tax)), 0), coalesce(sum(c.sign * round(c.tax * 100)), 0),
		coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0)
	FROM unnest(changes) AS c
	GROUP BY 1, 2
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount_cents) <> 0 OR coalesce(sum(c.sign * round(c.tax * 100)), 0) <> 0
		OR coalesce(sum(c.sign * round(c.tax)), 0) <> 0 OR coalesce(sum(c.sign) FILTER (WHERE c.tax IS NOT NULL), 0) <> 0
	ORDER BY 1, 2
	ON CONFLICT (day, kind, slot) DO UPDATE SET
		count = r.count + excluded.count,
		amount_cents = r.amount_cents + excluded.amount_cents,
		fee_cents_if_cents = r.fee_cents_if_cents + excluded.fee_cents_if_cents,
		fee_cents_if_reais = r.fee_cents_if_reais + excluded.fee_cents_if_reais,
		taxed_count = r.taxed_count + excluded.taxed_count;
END
$$;
--> statement-breakpoint
CREATE FUNCTION settlement_rollups_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM settlement_rollups_add(ARRAY(
			SELECT ROW(1, n.kind, n.booked_at, n.amount_cents, n.tax)::settlement_rollup_change FROM new_rows AS n
			WHERE n.creation_state = 'created' AND n.status = 'SUCCEED'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM settlement_rollups_add(ARRAY(
			SELECT ROW(-1, o.kind, o.booked_at, o.amount_cents, o.tax)::settlement_rollup_change FROM old_rows AS o
			WHERE o.creation_state = 'created' AND o.status = 'SUCCEED'));
	ELSE
		-- Only the rows whose counted columns moved: take the old contribution away, add the new one.
		PERFORM settlement_rollups_add(ARRAY(
			SELECT change FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
				LATERAL (VALUES (ROW(-1, o.kind, o.booked_at, o.amount_cents, o.tax)::settlement_rollup_change, o.creation_state = 'created' AND o.status = 'SUCCEED'),
					(ROW(1, n.kind, n.booked_at, n.amount_cents, n.tax)::settlement_rollup_change, n.creation_state = 'created' AND n.status = 'SUCCEED')) AS v(change, counted)
			WHERE v.counted IS TRUE
				AND (o.kind, o.creation_state, o.status, o.amount_cents, o.tax, o.booked_at)
					IS DISTINCT FROM (n.kind, n.creation_state, n.status, n.amount_cents, n.tax, n.booked_at)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION settlement_rollups_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE settlement_rollups;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_rollups_insert AFTER INSERT ON transactions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_rollups_update AFTER UPDATE ON transactions
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_rollups_delete AFTER DELETE ON transactions
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_settlement_rollups_truncate AFTER TRUNCATE ON transactions
	FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups_on_truncate();
--> statement-breakpoint
-- Backfill: the settled rows already in the ledger, in one grouped insert (slot 0).
INSERT INTO settlement_rollups (day, kind, slot, count, amount_cents, fee_cents_if_cents, fee_cents_if_reais, taxed_count)
SELECT (booked_at AT TIME ZONE 'America/Sao_Paulo')::date, kind, 0, count(*), sum(amount_cents),
	coalesce(sum(round(tax)), 0), coalesce(sum(round(tax * 100)), 0), count(tax)
FROM transactions WHERE creation_state = 'created' AND status = 'SUCCEED'
GROUP BY 1, 2;

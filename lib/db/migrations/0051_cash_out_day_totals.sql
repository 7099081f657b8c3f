CREATE TABLE "cash_out_day_totals" (
	"day" date NOT NULL,
	"store_id" uuid NOT NULL,
	"operator_id" text,
	"operator_email" text,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "cash_out_day_totals_key" UNIQUE NULLS NOT DISTINCT("day","store_id","operator_id","operator_email","slot")
);
--> statement-breakpoint
-- Hand-written below (issue #52, stop 60; docs/decisions/performance.md): the daily limits summed
-- every cash-out of the São Paulo day, inside the transaction that holds the approval policy's lock,
-- so each cash-out of a busy day took longer than the one before it. These triggers keep the day's
-- sums per store and operator, in the transaction of each change to the ledger.
-- A ledger row as the limits count it (lib/db/queries/daily-totals.ts): a cash-out created or being
-- created, not refused, not failed or canceled.
CREATE FUNCTION cash_out_counted_as_sent(t transactions) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.kind = 'CASH_OUT' AND t.creation_state <> 'rejected' AND (t.status IS NULL OR t.status NOT IN ('FAILED', 'CANCELED'))
$$;
--> statement-breakpoint
-- Adds signed rows (São Paulo day, store, operator and the e-mail recorded for them, amount) with
-- increments, rows in key order, the writer's slot spreading concurrent writers, as
-- overview_rollups_add does.
CREATE FUNCTION cash_out_day_totals_add(days date[], store_ids uuid[], operator_ids text[], operator_emails text[], amounts bigint[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	writer_slot smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
	IF coalesce(cardinality(days), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO cash_out_day_totals AS r (day, store_id, operator_id, operator_email, slot, count, amount_cents)
	SELECT c.day, c.store_id, c.operator_id, c.operator_email, writer_slot, sum(c.sign), sum(c.sign * c.amount)
	FROM unnest(days, store_ids, operator_ids, operator_emails, amounts, signs) AS c(day, store_id, operator_id, operator_email, amount, sign)
	GROUP BY 1, 2, 3, 4
	HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT cash_out_day_totals_key DO UPDATE SET
		count = r.count + excluded.count,
		amount_cents = r.amount_cents + excluded.amount_cents;
END
$$;
--> statement-breakpoint
CREATE FUNCTION cash_out_day_totals_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM cash_out_day_totals_add(array_agg((n.created_at AT TIME ZONE 'America/Sao_Paulo')::date), array_agg(n.store_id),
			array_agg(n.created_by_user_id), array_agg(n.created_by_email), array_agg(n.amount_cents::bigint), array_agg(1))
		FROM new_rows AS n WHERE cash_out_counted_as_sent(n);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM cash_out_day_totals_add(array_agg((o.created_at AT TIME ZONE 'America/Sao_Paulo')::date), array_agg(o.store_id),
			array_agg(o.created_by_user_id), array_agg(o.created_by_email), array_agg(o.amount_cents::bigint), array_agg(-1))
		FROM old_rows AS o WHERE cash_out_counted_as_sent(o);
	ELSE
		-- Only the rows whose counted columns moved: the old contribution taken away, the new one added.
		PERFORM cash_out_day_totals_add(array_agg((v.created_at AT TIME ZONE 'America/Sao_Paulo')::date), array_agg(v.store_id),
			array_agg(v.operator_id), array_agg(v.operator_email), array_agg(v.amount::bigint), array_agg(v.sign))
		FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
			LATERAL (VALUES
				(o.created_at, o.store_id, o.created_by_user_id, o.created_by_email, o.amount_cents, -1, cash_out_counted_as_sent(o)),
				(n.created_at, n.store_id, n.created_by_user_id, n.created_by_email, n.amount_cents, 1, cash_out_counted_as_sent(n))
			) AS v(created_at, store_id, operator_id, operator_email, amount, sign, counted)
		WHERE (o.kind, o.creation_state, o.status, o.amount_cents, o.created_at, o.store_id, o.created_by_user_id, o.created_by_email)
				IS DISTINCT FROM (n.kind, n.creation_state, n.status, n.amount_cents, n.created_at, n.store_id, n.created_by_user_id, n.created_by_email)
			AND v.counted;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cash_out_day_totals_insert AFTER INSERT ON transactions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cash_out_day_totals_on_change();
--> statement-breakpoint
CREATE TRIGGER cash_out_day_totals_update AFTER UPDATE ON transactions
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cash_out_day_totals_on_change();
--> statement-breakpoint
CREATE TRIGGER cash_out_day_totals_delete AFTER DELETE ON transactions
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cash_out_day_totals_on_change();
--> statement-breakpoint
-- Backfill: the cash-outs of the last two days (the limits, the queue and the alerts read today's).
SELECT cash_out_day_totals_add(array_agg((t.created_at AT TIME ZONE 'America/Sao_Paulo')::date), array_agg(t.store_id),
	array_agg(t.created_by_user_id), array_agg(t.created_by_email), array_agg(t.amount_cents::bigint), array_agg(1))
FROM transactions AS t
WHERE t.created_at >= now() - interval '2 days' AND cash_out_counted_as_sent(t);

ALTER TABLE "customers" ADD COLUMN "latest_named_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "latest_named_id" uuid;--> statement-breakpoint
-- Hand-written below (docs/decisions/customers.md, "Added up when a charge only adds"): the
-- directory's figures were recounted from every row of a customer on each change, so a payer with a
-- long history made each of their callbacks cost O(their charges) (8,000 charges: 23-35 ms per
-- callback on PostgreSQL). A change that only ADDS to a customer — a charge starting to count (its
-- creation answered, or inserted already created) or a counted charge becoming paid — is now added
-- to the customer's row; everything that can take something away (a deletion, an erasure, a refusal,
-- an amount, name or time rewritten, a paid charge un-paid) is still recounted, as before.
CREATE OR REPLACE FUNCTION customers_recount(documents text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(documents), 0) = 0 THEN
		RETURN;
	END IF;
	INSERT INTO customers AS c (document)
	SELECT DISTINCT d FROM unnest(documents) AS d WHERE d IS NOT NULL ORDER BY d
	ON CONFLICT (document) DO UPDATE SET document = c.document;
	WITH figures AS (
		SELECT t.payer_document AS document,
			(array_agg(DISTINCT t.payer_name) FILTER (WHERE t.payer_name IS NOT NULL))[1:10] AS names,
			(array_agg(DISTINCT lower(t.payer_email)) FILTER (WHERE t.payer_email IS NOT NULL))[1:10] AS emails,
			(array_agg(DISTINCT t.payer_phone) FILTER (WHERE t.payer_phone IS NOT NULL))[1:10] AS phones,
			(array_agg(t.payer_name ORDER BY t.created_at DESC, t.id DESC) FILTER (WHERE t.payer_name IS NOT NULL))[1] AS latest_name,
			(array_agg(t.created_at ORDER BY t.created_at DESC, t.id DESC) FILTER (WHERE t.payer_name IS NOT NULL))[1] AS latest_named_at,
			(array_agg(t.id ORDER BY t.created_at DESC, t.id DESC) FILTER (WHERE t.payer_name IS NOT NULL))[1] AS latest_named_id,
			count(*) AS charges_count,
			count(*) FILTER (WHERE t.status = 'SUCCEED') AS paid_count,
			coalesce(sum(t.amount_cents) FILTER (WHERE t.status = 'SUCCEED'), 0) AS paid_amount_cents,
			min(coalesce(t.status_changed_at, t.created_at)) FILTER (WHERE t.status = 'SUCCEED') AS first_paid_at,
			max(coalesce(t.status_changed_at, t.created_at)) FILTER (WHERE t.status = 'SUCCEED') AS last_paid_at,
			min(t.created_at) AS first_seen_at,
			max(t.created_at) AS last_seen_at
		FROM transactions AS t
		WHERE t.payer_document = ANY(documents) AND t.kind = 'CASH_IN' AND t.creation_state IN ('created', 'outcome_unknown')
		GROUP BY t.payer_document
	)
	UPDATE customers AS c SET
		names = coalesce(f.names, '{}'), emails = coalesce(f.emails, '{}'), phones = coalesce(f.phones, '{}'),
		latest_name = f.latest_name, latest_named_at = f.latest_named_at, latest_named_id = f.latest_named_id,
		charges_count = f.charges_count, paid_count = f.paid_count,
		paid_amount_cents = f.paid_amount_cents, first_paid_at = f.first_paid_at, last_paid_at = f.last_paid_at,
		first_seen_at = f.first_seen_at, last_seen_at = f.last_seen_at
	FROM figures AS f WHERE c.document = f.document;
	-- A document no listed cash-in carries any more (erased, or its only charge was refused).
	DELETE FROM customers AS c WHERE c.document = ANY(documents) AND NOT EXISTS (
		SELECT 1 FROM transactions AS t
		WHERE t.payer_document = c.document AND t.kind = 'CASH_IN' AND t.creation_state IN ('created', 'outcome_unknown'));
END
$$;
--> statement-breakpoint
-- One row's addition to its customer: `enters` (the charge starts to count: +1 charge, its time,
-- name and contacts) and/or `pays` (it counts as paid: +1 paid, its amount, its payment time).
CREATE TYPE customer_addition AS (
	document text, id uuid, enters boolean, pays boolean, amount_cents bigint, created_at timestamptz,
	paid_at timestamptz, payer_name text, payer_email text, payer_phone text);
--> statement-breakpoint
CREATE FUNCTION customers_add(additions customer_addition[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(additions), 0) = 0 THEN
		RETURN;
	END IF;
	-- Locked in document order, as the recount locks them, so two writers of one customer queue.
	INSERT INTO customers AS c (document)
	SELECT DISTINCT a.document FROM unnest(additions) AS a ORDER BY a.document
	ON CONFLICT (document) DO UPDATE SET document = c.document;
	WITH added AS (
		SELECT a.document,
			count(*) FILTER (WHERE a.enters) AS charges,
			count(*) FILTER (WHERE a.pays) AS paid,
			coalesce(sum(a.amount_cents) FILTER (WHERE a.pays), 0) AS paid_cents,
			min(a.paid_at) FILTER (WHERE a.pays) AS first_paid_at,
			max(a.paid_at) FILTER (WHERE a.pays) AS last_paid_at,
			min(a.created_at) FILTER (WHERE a.enters) AS first_seen_at,
			max(a.created_at) FILTER (WHERE a.enters) AS last_seen_at,
			array_agg(DISTINCT a.payer_name) FILTER (WHERE a.enters AND a.payer_name IS NOT NULL) AS names,
			array_agg(DISTINCT lower(a.payer_email)) FILTER (WHERE a.enters AND a.payer_email IS NOT NULL) AS emails,
			array_agg(DISTINCT a.payer_phone) FILTER (WHERE a.enters AND a.payer_phone IS NOT NULL) AS phones,
			(array_agg(a.payer_name ORDER BY a.created_at DESC, a.id DESC) FILTER (WHERE a.enters AND a.payer_name IS NOT NULL))[1] AS latest_name,
			(array_agg(a.created_at ORDER BY a.created_at DESC, a.id DESC) FILTER (WHERE a.enters AND a.payer_name IS NOT NULL))[1] AS latest_named_at,
			(array_agg(a.id ORDER BY a.created_at DESC, a.id DESC) FILTER (WHERE a.enters AND a.payer_name IS NOT NULL))[1] AS latest_named_id
		FROM unnest(additions) AS a
		GROUP BY a.document
	)
	UPDATE customers AS c SET
		-- The first ten distinct values in order, as the recount's array_agg(DISTINCT …)[1:10] keeps them:
		-- the first ten of a larger set are among the first ten kept and the ones added.
		names = CASE WHEN a.names IS NULL THEN c.names
			ELSE ARRAY(SELECT DISTINCT v FROM unnest(c.names || a.names) AS v ORDER BY v LIMIT 10) END,
		emails = CASE WHEN a.emails IS NULL THEN c.emails
			ELSE ARRAY(SELECT DISTINCT v FROM unnest(c.emails || a.emails) AS v ORDER BY v LIMIT 10) END,
		phones = CASE WHEN a.phones IS NULL THEN c.phones
			ELSE ARRAY(SELECT DISTINCT v FROM unnest(c.phones || a.phones) AS v ORDER BY v LIMIT 10) END,
		latest_name = CASE WHEN a.latest_named_at IS NOT NULL AND (c.latest_named_at IS NULL
			OR (a.latest_named_at, a.latest_named_id) > (c.latest_named_at, c.latest_named_id)) THEN a.latest_name ELSE c.latest_name END,
		latest_named_id = CASE WHEN a.latest_named_at IS NOT NULL AND (c.latest_named_at IS NULL
			OR (a.latest_named_at, a.latest_named_id) > (c.latest_named_at, c.latest_named_id)) THEN a.latest_named_id ELSE c.latest_named_id END,
		latest_named_at = CASE WHEN a.latest_named_at IS NOT NULL AND (c.latest_named_at IS NULL
			OR (a.latest_named_at, a.latest_named_id) > (c.latest_named_at, c.latest_named_id)) THEN a.latest_named_at ELSE c.latest_named_at END,
		charges_count = c.charges_count + a.charges,
		paid_count = c.paid_count + a.paid,
		paid_amount_cents = c.paid_amount_cents + a.paid_cents,
		-- least/greatest skip NULLs: a customer's first payment is its own.
		first_paid_at = least(c.first_paid_at, a.first_paid_at),
		last_paid_at = greatest(c.last_paid_at, a.last_paid_at),
		first_seen_at = least(c.first_seen_at, a.first_seen_at),
		last_seen_at = greatest(c.last_seen_at, a.last_seen_at)
	FROM added AS a WHERE c.document = a.document;
END
$$;
--> statement-breakpoint
-- A row of an update that moved a counted column: whether it counted before and after, and whether
-- the change only adds to its customer.
CREATE TYPE customer_move AS (
	adds boolean, enters boolean, counted boolean, old_document text, new_document text, id uuid, status text,
	amount_cents bigint, created_at timestamptz, paid_at timestamptz, payer_name text, payer_email text, payer_phone text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	moved customer_move[];
	recount text[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		-- A new row only adds: to its customer, if it counts.
		PERFORM customers_add(ARRAY(
			SELECT ROW(n.payer_document, n.id, true, n.status = 'SUCCEED', n.amount_cents, n.created_at,
				coalesce(n.status_changed_at, n.created_at), n.payer_name, n.payer_email, n.payer_phone)::customer_addition
			FROM new_rows AS n
			WHERE n.kind = 'CASH_IN' AND n.payer_document IS NOT NULL AND n.creation_state IN ('created', 'outcome_unknown')));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM customers_recount(ARRAY(
			SELECT DISTINCT o.payer_document FROM old_rows AS o WHERE o.kind = 'CASH_IN' AND o.payer_document IS NOT NULL));
	ELSE
		-- Only the rows whose counted columns moved (a status callback, a creation's answer, an erasure).
		moved := ARRAY(
			SELECT ROW(
				-- Adds only: the row starts to count, or a counted row that was not paid moves on and
				-- nothing else it brings to its customer changed.
				(NOT c.old_counted AND c.new_counted)
					OR (c.old_counted AND c.new_counted AND o.status IS DISTINCT FROM 'SUCCEED'
						AND (o.payer_document, o.amount_cents, o.payer_name, o.payer_email, o.payer_phone, o.created_at)
							IS NOT DISTINCT FROM (n.payer_document, n.amount_cents, n.payer_name, n.payer_email, n.payer_phone, n.created_at)),
				NOT c.old_counted AND c.new_counted,
				c.old_counted OR c.new_counted,
				o.payer_document, n.payer_document, n.id, n.status, n.amount_cents, n.created_at,
				coalesce(n.status_changed_at, n.created_at), n.payer_name, n.payer_email, n.payer_phone)::customer_move
			FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
				LATERAL (SELECT
					o.kind = 'CASH_IN' AND o.payer_document IS NOT NULL AND o.creation_state IN ('created', 'outcome_unknown') AS old_counted,
					n.kind = 'CASH_IN' AND n.payer_document IS NOT NULL AND n.creation_state IN ('created', 'outcome_unknown') AS new_counted) AS c
			WHERE (o.kind, o.creation_state, o.status, o.amount_cents, o.payer_document, o.payer_name, o.payer_email,
					o.payer_phone, o.created_at, o.status_changed_at)
				IS DISTINCT FROM (n.kind, n.creation_state, n.status, n.amount_cents, n.payer_document, n.payer_name,
					n.payer_email, n.payer_phone, n.created_at, n.status_changed_at));
		-- Anything that may take away is recounted, and every other change to the same customers with it.
		recount := ARRAY(
			SELECT DISTINCT d FROM unnest(moved) AS m, LATERAL (VALUES (m.old_document), (m.new_document)) AS v(d)
			WHERE d IS NOT NULL AND m.counted AND NOT m.adds);
		PERFORM customers_recount(recount);
		PERFORM customers_add(ARRAY(
			SELECT ROW(m.new_document, m.id, m.enters, m.status = 'SUCCEED', m.amount_cents, m.created_at, m.paid_at,
				m.payer_name, m.payer_email, m.payer_phone)::customer_addition
			FROM unnest(moved) AS m
			WHERE m.adds AND (m.enters OR m.status = 'SUCCEED') AND NOT (m.new_document = ANY(recount))));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The latest name's charge, for every customer already in the directory.
SELECT customers_recount(ARRAY(SELECT document FROM customers));

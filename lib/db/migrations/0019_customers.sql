CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document" text NOT NULL,
	"names" text[] DEFAULT '{}'::text[] NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"latest_name" text,
	"charges_count" bigint DEFAULT 0 NOT NULL,
	"paid_count" bigint DEFAULT 0 NOT NULL,
	"paid_amount_cents" bigint DEFAULT 0 NOT NULL,
	"first_paid_at" timestamp with time zone,
	"last_paid_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "customers_document_unique" UNIQUE("document")
);
--> statement-breakpoint
CREATE INDEX "customers_last_seen_at_idx" ON "customers" USING btree ("last_seen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written below: the function and triggers that keep `customers` equal to the ledger, in the
-- same transaction as each insert, update or delete of `transactions` (docs/decisions/customers.md).
-- A customer's figures are recounted from its own rows (the payer_document index), never added up
-- by increments: an erasure that takes a document off a row, or a row that stops counting, leaves
-- nothing behind. The affected customers' rows are locked first, in document order, so two
-- writers of one customer queue and the second recount (a fresh snapshot: READ COMMITTED) sees the
-- first's rows.
CREATE FUNCTION customers_recount(documents text[]) RETURNS void
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
		latest_name = f.latest_name, charges_count = f.charges_count, paid_count = f.paid_count,
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
CREATE FUNCTION customers_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM customers_recount(ARRAY(
			SELECT DISTINCT n.payer_document FROM new_rows AS n
			WHERE n.kind = 'CASH_IN' AND n.payer_document IS NOT NULL AND n.creation_state IN ('created', 'outcome_unknown')));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM customers_recount(ARRAY(
			SELECT DISTINCT o.payer_document FROM old_rows AS o WHERE o.kind = 'CASH_IN' AND o.payer_document IS NOT NULL));
	ELSE
		-- Only the rows whose counted columns moved (a status callback, a creation's answer, an erasure).
		PERFORM customers_recount(ARRAY(
			SELECT DISTINCT d FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
				LATERAL (VALUES (o.payer_document), (n.payer_document)) AS v(d)
			WHERE d IS NOT NULL AND 'CASH_IN' IN (o.kind, n.kind)
				AND (o.kind, o.creation_state, o.status, o.amount_cents, o.payer_document, o.payer_name, o.payer_email,
					o.payer_phone, o.created_at, o.status_changed_at)
				IS DISTINCT FROM (n.kind, n.creation_state, n.status, n.amount_cents, n.payer_document, n.payer_name,
					n.payer_email, n.payer_phone, n.created_at, n.status_changed_at)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION customers_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE customers;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_customers_insert AFTER INSERT ON transactions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_customers_update AFTER UPDATE ON transactions
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_customers_delete AFTER DELETE ON transactions
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_on_change();
--> statement-breakpoint
CREATE TRIGGER transactions_customers_truncate AFTER TRUNCATE ON transactions
	FOR EACH STATEMENT EXECUTE FUNCTION customers_on_truncate();
--> statement-breakpoint
-- Backfill: every document the ledger already holds.
SELECT customers_recount(ARRAY(
	SELECT DISTINCT payer_document FROM transactions
	WHERE kind = 'CASH_IN' AND payer_document IS NOT NULL AND creation_state IN ('created', 'outcome_unknown')));

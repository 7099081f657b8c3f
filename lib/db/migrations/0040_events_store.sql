-- Issue #49: the store of each event (null: merchant-wide, an alert or an endpoint's test event), so a
-- one-store API key reads only its store's events (lib/db/queries/events.ts listEventFeed;
-- docs/decisions/stores.md, "The events feed and reconciliation per store").
ALTER TABLE "events" ADD COLUMN "store_id" uuid;--> statement-breakpoint
-- Backfill. Charge and cash-out events: the payload's storeId (since 0033), else (older events) their
-- transaction's store; payment-link and request events: their subject's store (subject_id is its id).
UPDATE "events" SET "store_id" = ("data"->>'storeId')::uuid WHERE "data"->>'storeId' IS NOT NULL;--> statement-breakpoint
UPDATE "events" e SET "store_id" = t."store_id"
  FROM "transactions" t
  WHERE e."store_id" IS NULL AND e."subject_type" IN ('charge', 'cash_out') AND t."id"::text = e."subject_id";--> statement-breakpoint
UPDATE "events" e SET "store_id" = l."store_id"
  FROM "payment_links" l
  WHERE e."store_id" IS NULL AND e."subject_type" = 'payment_link' AND l."id"::text = e."subject_id";--> statement-breakpoint
UPDATE "events" e SET "store_id" = r."store_id"
  FROM "cash_out_requests" r
  WHERE e."store_id" IS NULL AND e."subject_type" = 'cash_out_request' AND r."id"::text = e."subject_id";--> statement-breakpoint
CREATE INDEX "events_store_position_idx" ON "events" USING btree ("store_id","position") WHERE "events"."store_id" is not null;--> statement-breakpoint
-- The one place events are written (0013; every caller is an AFTER trigger, so the subject's row is
-- there to read): the payload's storeId for charges and cash-outs, the subject's store for a payment
-- link or a cash-out request (added to its payload), none for an alert (the merchant's).
CREATE OR REPLACE FUNCTION event_record(event_type text, subject_type text, subject_id text, data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  store uuid := (data->>'storeId')::uuid;
BEGIN
  IF store IS NULL AND subject_type = 'payment_link' THEN
    SELECT l.store_id INTO store FROM payment_links l WHERE l.id = subject_id::uuid;
  ELSIF store IS NULL AND subject_type = 'cash_out_request' THEN
    SELECT r.store_id INTO store FROM cash_out_requests r WHERE r.id = subject_id::uuid;
  END IF;
  -- The payload names the store too (a payment link's or a request's did not), so a receiver sees it.
  IF store IS NOT NULL AND data->>'storeId' IS NULL THEN
    data := data || jsonb_build_object('storeId', store);
  END IF;
  INSERT INTO events (type, subject_type, subject_id, data, store_id) VALUES (event_type, subject_type, subject_id, data, store);
END;
$$;

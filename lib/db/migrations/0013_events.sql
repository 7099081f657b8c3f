CREATE TABLE "event_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"replay_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"response_status" integer,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "event_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret_ciphertext" text NOT NULL,
	"previous_secret_ciphertext" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_replays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"range_from" timestamp with time zone,
	"range_to" timestamp with time zone,
	"planned" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"data" jsonb NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL,
	CONSTRAINT "events_position_unique" UNIQUE("position")
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_endpoint_id_event_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."event_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_delivery_attempts" ADD CONSTRAINT "event_delivery_attempts_delivery_id_event_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."event_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_replays" ADD CONSTRAINT "event_replays_endpoint_id_event_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."event_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_event_endpoint_idx" ON "event_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at") WHERE "event_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "event_deliveries_endpoint_created_idx" ON "event_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_deliveries_replay_idx" ON "event_deliveries" USING btree ("replay_id") WHERE "event_deliveries"."replay_id" is not null;--> statement-breakpoint
CREATE INDEX "event_delivery_attempts_delivery_idx" ON "event_delivery_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "events_not_fanned_out_idx" ON "events" USING btree ("position") WHERE not "events"."fanned_out";--> statement-breakpoint
CREATE INDEX "events_occurred_at_idx" ON "events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id");--> statement-breakpoint
-- The outbox is written by triggers, in the same transaction as the change that causes each event
-- (docs/decisions/events.md): every path that changes a charge, a cash-out, a request or an alert
-- (the callback receiver's one-statement write included) records its event without knowing of it.
-- The payload shapes are lib/events/catalogue.ts (zod), published as JSON schemas in docs/events/.
CREATE FUNCTION event_record(event_type text, subject_type text, subject_id text, data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (type, subject_type, subject_id, data) VALUES (event_type, subject_type, subject_id, data);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION event_transaction_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_created boolean := TG_OP = 'UPDATE' AND OLD.creation_state = 'created';
  is_created boolean := NEW.creation_state = 'created';
  old_status text := CASE WHEN was_created THEN OLD.status ELSE NULL END;
  became_final boolean;
  data jsonb;
  prefix text := CASE WHEN NEW.kind = 'CASH_IN' THEN 'charge' ELSE 'cash_out' END;
BEGIN
  became_final := is_created AND NEW.status IN ('SUCCEED', 'FAILED', 'CANCELED') AND NEW.status IS DISTINCT FROM old_status;
  IF NOT ((is_created AND NOT was_created) OR became_final
          OR (NEW.kind = 'CASH_OUT' AND NEW.creation_state = 'rejected' AND (TG_OP = 'INSERT' OR OLD.creation_state <> 'rejected'))) THEN
    RETURN NULL;
  END IF;
  data := jsonb_build_object(
    'id', NEW.id,
    'walletTransactionId', NEW.wallet_transaction_id,
    'creationState', NEW.creation_state,
    'status', NEW.status,
    'statusDescription', NEW.status_description,
    'amountCents', NEW.amount_cents,
    'tax', NEW.tax::text,
    'externalReference', NEW.external_reference,
    'metadata', NEW.metadata,
    'createdAt', NEW.created_at,
    'statusChangedAt', NEW.status_changed_at,
    'sandbox', NEW.is_sandbox
  ) || CASE WHEN NEW.kind = 'CASH_IN'
    THEN jsonb_build_object('description', NEW.invoice_description, 'expiresAt', NEW.expires_at)
    ELSE jsonb_build_object('pixKeyType', NEW.pix_key_type)
  END;
  IF is_created AND NOT was_created THEN
    PERFORM event_record(CASE WHEN NEW.kind = 'CASH_IN' THEN 'charge.created' ELSE 'cash_out.sent' END, prefix, NEW.id::text, data);
  END IF;
  IF became_final THEN
    PERFORM event_record(
      CASE
        WHEN NEW.status = 'SUCCEED' THEN prefix || '.paid'
        WHEN NEW.kind = 'CASH_OUT' THEN 'cash_out.failed'
        WHEN NEW.status = 'FAILED' THEN 'charge.failed'
        -- The wallet cancels a charge nobody paid in time: past its expiry, a cancel is an expiry.
        WHEN NEW.expires_at IS NOT NULL AND NEW.expires_at <= clock_timestamp() THEN 'charge.expired'
        ELSE 'charge.canceled'
      END, prefix, NEW.id::text, data);
  ELSIF NEW.kind = 'CASH_OUT' AND NEW.creation_state = 'rejected' THEN
    PERFORM event_record('cash_out.failed', prefix, NEW.id::text, data);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_events AFTER INSERT OR UPDATE OF creation_state, status ON transactions
  FOR EACH ROW EXECUTE FUNCTION event_transaction_changed();
--> statement-breakpoint
CREATE FUNCTION event_cash_out_request_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_type := 'cash_out.requested';
  ELSIF NEW.state IS DISTINCT FROM OLD.state AND NEW.state IN ('approved', 'rejected') THEN
    event_type := 'cash_out.' || NEW.state;
  ELSE
    RETURN NULL;
  END IF;
  PERFORM event_record(event_type, 'cash_out_request', NEW.id::text, jsonb_build_object(
    'id', NEW.id,
    'kind', NEW.kind,
    'state', NEW.state,
    'totalCents', NEW.total_cents,
    'itemCount', NEW.item_count,
    'fileName', NEW.file_name,
    'createdAt', NEW.created_at,
    'expiresAt', NEW.expires_at,
    'decidedAt', NEW.decided_at,
    'decisionReason', NEW.decision_reason
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cash_out_requests_events AFTER INSERT OR UPDATE OF state ON cash_out_requests
  FOR EACH ROW EXECUTE FUNCTION event_cash_out_request_changed();
--> statement-breakpoint
CREATE FUNCTION event_batch_item_claimed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  request cash_out_requests%ROWTYPE;
BEGIN
  IF OLD.transaction_id IS NOT NULL OR NEW.transaction_id IS NULL THEN
    RETURN NULL;
  END IF;
  -- Two instances claiming a batch's last rows take turns here, so exactly one sees none left.
  SELECT * INTO request FROM cash_out_requests WHERE id = NEW.request_id FOR UPDATE;
  IF request.kind <> 'batch' OR EXISTS (
    SELECT 1 FROM cash_out_request_items WHERE request_id = NEW.request_id AND transaction_id IS NULL
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM event_record('bulk_batch.completed', 'cash_out_request', request.id::text, jsonb_build_object(
    'id', request.id,
    'state', request.state,
    'totalCents', request.total_cents,
    'itemCount', request.item_count,
    'fileName', request.file_name,
    'createdAt', request.created_at,
    'completedAt', clock_timestamp()
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cash_out_request_items_events AFTER UPDATE OF transaction_id ON cash_out_request_items
  FOR EACH ROW EXECUTE FUNCTION event_batch_item_claimed();
--> statement-breakpoint
CREATE FUNCTION event_alert_fired() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM event_record('alert.fired', 'alert', NEW.id::text, jsonb_build_object(
    'id', NEW.id,
    'rule', NEW.rule,
    'details', NEW.details,
    'href', NEW.href,
    'openedAt', NEW.opened_at
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER alert_incidents_events AFTER INSERT ON alert_incidents
  FOR EACH ROW EXECUTE FUNCTION event_alert_fired();

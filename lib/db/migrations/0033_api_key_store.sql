-- Issue #49: an API key for one store (null: every store), and the store in every charge and
-- cash-out event's payload (storeId; a field added to version 1, which receivers ignore until they
-- read it: lib/events/catalogue.ts transactionFields).
ALTER TABLE "api_keys" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- 0020's function with the transaction's store added to its payload (everything else as it was).
CREATE OR REPLACE FUNCTION event_transaction_changed() RETURNS trigger
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
    'sandbox', NEW.is_sandbox,
    'storeId', NEW.store_id
  ) || CASE WHEN NEW.kind = 'CASH_IN'
    THEN jsonb_build_object('description', NEW.invoice_description, 'expiresAt', NEW.expires_at, 'paymentLinkId', NEW.payment_link_id)
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

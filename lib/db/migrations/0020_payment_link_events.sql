-- Payment links in the event outbox (issue #48), written by triggers like every other event
-- (migration 0013, docs/decisions/events.md): payment_link.created, .updated and .deactivated, in
-- the transaction of the change; and a charge's payload carries its link's id (paymentLinkId). The
-- payload shapes are lib/events/catalogue.ts (paymentLinkData, chargeData).
CREATE FUNCTION event_payment_link_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_type := 'payment_link.created';
  ELSIF OLD.active AND NOT NEW.active THEN
    event_type := 'payment_link.deactivated';
  -- A visit (the public page's counter) or a bare touch of updated_at is not a change of the link.
  ELSIF (OLD.slug, OLD.name, OLD.description, OLD.amount_cents, OLD.min_amount_cents, OLD.max_amount_cents,
         OLD.max_paid_charges, OLD.ends_at, OLD.charge_expiry_minutes, OLD.return_url, OLD.active, OLD.inactive_message)
        IS DISTINCT FROM
        (NEW.slug, NEW.name, NEW.description, NEW.amount_cents, NEW.min_amount_cents, NEW.max_amount_cents,
         NEW.max_paid_charges, NEW.ends_at, NEW.charge_expiry_minutes, NEW.return_url, NEW.active, NEW.inactive_message) THEN
    event_type := 'payment_link.updated';
  ELSE
    RETURN NULL;
  END IF;
  PERFORM event_record(event_type, 'payment_link', NEW.id::text, jsonb_build_object(
    'id', NEW.id,
    'slug', NEW.slug,
    'name', NEW.name,
    'description', NEW.description,
    'amountCents', NEW.amount_cents,
    'minAmountCents', NEW.min_amount_cents,
    'maxAmountCents', NEW.max_amount_cents,
    'maxPaidCharges', NEW.max_paid_charges,
    'endsAt', NEW.ends_at,
    'chargeExpiryMinutes', NEW.charge_expiry_minutes,
    'returnUrl', NEW.return_url,
    'active', NEW.active,
    'inactiveMessage', NEW.inactive_message,
    'createdAt', NEW.created_at,
    'updatedAt', NEW.updated_at
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_links_events AFTER INSERT OR UPDATE ON payment_links
  FOR EACH ROW EXECUTE FUNCTION event_payment_link_changed();
--> statement-breakpoint
-- 0013's function with the charge's payment link added to its payload (everything else as it was).
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
    'sandbox', NEW.is_sandbox
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

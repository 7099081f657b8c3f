-- A delivery's store (issue #49; docs/decisions/stores.md, "The Overview per store"): one store's
-- deliveries were found through their transaction, which made a store's delivery health ×3.4 of
-- one store's at 1M rows (the planner hashed every transaction id of the store once per figure).
ALTER TABLE "callback_deliveries" ADD COLUMN "store_id" uuid;--> statement-breakpoint
UPDATE "callback_deliveries" AS "delivery" SET "store_id" = "transaction"."store_id"
  FROM "transactions" AS "transaction"
  WHERE "transaction"."id" = "delivery"."transaction_id";--> statement-breakpoint
CREATE INDEX "callback_deliveries_store_received_at_idx" ON "callback_deliveries" USING btree ("store_id","received_at") WHERE "callback_deliveries"."store_id" is not null;--> statement-breakpoint
-- Hand-written below: every way a delivery is stored (the receiver's single and batched statements,
-- its locked path, the sandbox's queue) goes through this trigger, so none can forget the store.
CREATE FUNCTION callback_delivery_store() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.transaction_id IS NULL THEN
    NEW.store_id := NULL;
  ELSE
    SELECT t.store_id INTO NEW.store_id FROM transactions t WHERE t.id = NEW.transaction_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER callback_deliveries_store BEFORE INSERT OR UPDATE OF transaction_id ON callback_deliveries
  FOR EACH ROW EXECUTE FUNCTION callback_delivery_store();
--> statement-breakpoint
-- A transaction that changes store (none does in the dashboard; a migration or an operator's SQL
-- might) takes its deliveries with it.
CREATE FUNCTION callback_deliveries_follow_store() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE callback_deliveries SET store_id = NEW.store_id WHERE transaction_id = NEW.id AND store_id IS DISTINCT FROM NEW.store_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_deliveries_store AFTER UPDATE OF store_id ON transactions
  FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION callback_deliveries_follow_store();

-- A delivery's store, passed by the statement that has it (issue #52, stop 56; docs/decisions/performance.md).
-- The receiver's statements read the transaction's row anyway (by its primary key, for the body's
-- checks) and now insert its store_id with the delivery; the trigger of migration 0043 looked the same
-- row up again for every delivery. It now runs only for an insert that leaves the store out while
-- naming a transaction (or names a store without a transaction): every other way a delivery is stored
-- (the sandbox's queue, tests, an operator's SQL) still gets the transaction's store. The WHEN is
-- evaluated without calling the function, so a delivery that carries its store costs nothing more.
-- Moving a delivery to another transaction still always copies that transaction's store.
DROP TRIGGER callback_deliveries_store ON callback_deliveries;--> statement-breakpoint
CREATE TRIGGER callback_deliveries_store BEFORE INSERT ON callback_deliveries
  FOR EACH ROW WHEN ((NEW.transaction_id IS NULL) <> (NEW.store_id IS NULL)) EXECUTE FUNCTION callback_delivery_store();
--> statement-breakpoint
CREATE TRIGGER callback_deliveries_store_moved BEFORE UPDATE OF transaction_id ON callback_deliveries
  FOR EACH ROW EXECUTE FUNCTION callback_delivery_store();

ALTER TABLE "alert_incidents" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_incidents" ADD CONSTRAINT "alert_incidents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Incidents opened before stores: a transaction's (the incident key is its id) and a callback's
-- (the key is the delivery's id) are their transaction's store's; the others stay the merchant's.
UPDATE "alert_incidents" AS "incident" SET "store_id" = "transaction"."store_id"
  FROM "transactions" AS "transaction"
  WHERE "incident"."rule" IN ('cash_out_unknown', 'cash_out_failed') AND "transaction"."id"::text = "incident"."incident_key";--> statement-breakpoint
UPDATE "alert_incidents" AS "incident" SET "store_id" = "transaction"."store_id"
  FROM "callback_deliveries" AS "delivery" JOIN "transactions" AS "transaction" ON "transaction"."id" = "delivery"."transaction_id"
  WHERE "incident"."rule" = 'delivery_rejected' AND "delivery"."id"::text = "incident"."incident_key";--> statement-breakpoint
UPDATE "notifications" AS "notification" SET "store_id" = "incident"."store_id"
  FROM "alert_incidents" AS "incident"
  WHERE "incident"."id" = "notification"."incident_id" AND "incident"."store_id" IS NOT NULL;

-- Each delivery carries its event's type and time (issue #53): the delivery log's page is one index
-- range of event_deliveries, with no lookup of each row's event by its random id. Existing rows are
-- filled from their events before the columns become NOT NULL.
ALTER TABLE "event_deliveries" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD COLUMN "event_occurred_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_deliveries" SET "event_type" = "events"."type", "event_occurred_at" = "events"."occurred_at" FROM "events" WHERE "events"."id" = "event_deliveries"."event_id";--> statement-breakpoint
ALTER TABLE "event_deliveries" ALTER COLUMN "event_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_deliveries" ALTER COLUMN "event_occurred_at" SET NOT NULL;

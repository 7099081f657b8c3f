ALTER TABLE "counters" DROP CONSTRAINT "counters_name_unique";--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "store_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_store_name_unique" UNIQUE("store_id","name");
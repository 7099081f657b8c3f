ALTER TABLE "transactions" ADD COLUMN "callback_binding" text;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "qrcode_image_sha256" text;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "qrcode_image_bytes" integer;--> statement-breakpoint
CREATE INDEX "callback_deliveries_problem_received_at_idx" ON "callback_deliveries" USING btree ("outcome","received_at" DESC NULLS LAST) WHERE "callback_deliveries"."outcome" in ('unmatched', 'rejected');